import { closeSync, existsSync, openSync, writeSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../src/store/database.js'
import { runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir('propdata-one-line-')
const db = join(dir, 'propdata.db')
const env = { PROPDATA_DATA_DIR: dir }
let busy: Server
let busyPort = 0

/** Exactly one line on stderr, and no trace of a stack. */
const oneLine = (stderr: string) => {
  expect(stderr.split('\n')).toHaveLength(2)
  expect(stderr).not.toMatch(/^\s+at /m)
}

beforeAll(async () => {
  await (await openStore(db)).close()
  busy = createServer()
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
  busyPort = (busy.address() as { port: number }).port
})
afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())))

describe('a user error is one line and an exit code, never a stack', () => {
  it('--port outside 0–65535 is bad usage, for serve and start', async () => {
    for (const command of ['serve', 'start']) {
      const result = await runCli([command, '--port', '99999', '--db', db], env)
      expect(result.code, command).toBe(2)
      expect(result.stderr).toBe('error: --port must be 0–65535, got 99999\n')
    }
  }, 60_000)

  it('a busy port names the port', async () => {
    const result = await runCli(['serve', '--port', String(busyPort), '--db', db], env)
    expect(result.code).toBe(1)
    oneLine(result.stderr)
    expect(result.stderr).toBe(
      `error: Port ${busyPort} is in use on 127.0.0.1: stop what listens there, or choose another port with --port or PORT\n`,
    )
  }, 60_000)

  it('start on a busy port says so before it ingests anything', async () => {
    const fresh = join(dir, 'start.db')
    const result = await runCli(['start', '--port', String(busyPort), '--db', fresh], env)
    expect(result.code).toBe(1)
    oneLine(result.stderr)
    expect(result.stderr).toMatch(new RegExp(`^error: Port ${busyPort} is in use on 127\\.0\\.0\\.1`))
    expect(result.stdout).toBe('')
    expect(existsSync(fresh)).toBe(false)
  }, 60_000)

  it('an SQLite error (a damaged database) is one line with its SQLite code, exit 1', async () => {
    const damaged = join(dir, 'damaged.db')
    await (await openStore(damaged)).close()
    // Overwrite the schema page past its header: SQLite then finds the file malformed.
    const fd = openSync(damaged, 'r+')
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 100)
    closeSync(fd)
    const result = await runCli(['runs', '--db', damaged], env)
    expect(result.code).toBe(1)
    oneLine(result.stderr)
    expect(result.stderr).toMatch(/^error: database error: .+ \(SQLITE_\w+\)\n$/)
  }, 60_000)

  it('a city the sample does not hold is named, with the cities it has, exit 2', async () => {
    const result = await runCli(['ingest', '--sample', '--cities', 'Atlantis', '--db', db], env)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      'error: Atlantis is not in the sample; it has Amsterdam, Rotterdam, Den Haag, Utrecht, Eindhoven, Groningen\n',
    )
  }, 60_000)

  it('a bad environment variable is one line that names it, exit 2', async () => {
    const result = await runCli(['runs', '--db', db], { ...env, PORT: '99999' })
    expect(result.code).toBe(2)
    oneLine(result.stderr)
    expect(result.stderr).toMatch(/^error: Invalid environment: PORT: /)
  }, 60_000)
})
