import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { startWatchedCli } from '../resilience/ingest-child.js'

const dir = useTempDir('propdata-backup-')
const db = join(dir, 'propdata.db')
const env = { PROPDATA_DATA_DIR: dir }
const feed = join(PROJECT_ROOT, 'sources', 'feed', 'fixtures', 'partner-amsterdam.csv')

/** A run's status in a database file, or undefined when the file has no such run. */
function runStatus(file: string, id: number): string | undefined {
  const sqlite = new BetterSqlite3(file, { readonly: true })
  try {
    return (
      (sqlite.prepare('select status from runs where id = ?').pluck().get(id) as string | undefined) ??
      undefined
    )
  } finally {
    sqlite.close()
  }
}

beforeAll(async () => {
  const first = await runCli(['ingest', '--feed', feed, '--db', db], env)
  expect(first.code, first.stderr).toBe(0)
}, 60_000)

describe('propdata backup FILE', () => {
  it('copies a run that finished while the server held the database open: copying the file misses it', async () => {
    // The API's connection: while it is open, the run's last writes stay in the write-ahead log, beside the file.
    const server = new BetterSqlite3(db, { readonly: true })
    try {
      server.prepare('select count(*) from runs').get()
      const run = await runCli(['ingest', '--feed', feed, '--db', db, '--json'], env)
      expect(run.code, run.stderr).toBe(0)
      const runId = (JSON.parse(run.stdout) as { runId: number }).runId
      expect(existsSync(`${db}-wal`)).toBe(true)

      const copied = join(dir, 'copied.db')
      copyFileSync(db, copied)
      // What a copy of the file alone says of that run: nothing, or that it is still running.
      expect([undefined, 'running']).toContain(runStatus(copied, runId))

      const result = await runCli(['backup', join(dir, 'backup.db'), '--db', db, '--json'], env)
      expect(result.code, result.stderr).toBe(0)
      expect(JSON.parse(result.stdout)).toMatchObject({
        to: join(dir, 'backup.db'),
        lastRun: { id: runId, status: 'succeeded', finishedAt: expect.any(String) },
      })
      // The copy is a database of its own: no log beside it, and what it holds.
      expect(existsSync(join(dir, 'backup.db-wal'))).toBe(false)
      expect(runStatus(join(dir, 'backup.db'), runId)).toBe('succeeded')
      const runs = await runCli(['runs', '--json', '--db', join(dir, 'backup.db')], env)
      expect(JSON.parse(runs.stdout)[0]).toMatchObject({ id: runId, status: 'succeeded' })
    } finally {
      server.close()
    }
  }, 60_000)

  it('copies consistently while another process writes, and replaces a file only with --force', async () => {
    const during = join(dir, 'during.db')
    // A replay of the sample's archive: a run of several seconds that writes all the while.
    const archive = join(PROJECT_ROOT, 'data', 'sample', 'archive.warc.gz')
    const run = startWatchedCli(
      ['ingest', '--replay', archive, '--sources', 'pararius,huurwoningen,kamernet', '--db', db],
      env,
    )
    let runId = 0
    try {
      runId = Number((await run.waitFor(/Run (\d+) started/))[1])
      const copy = await runCli(['backup', during, '--db', db], env)
      expect(copy.code, copy.stderr).toBe(0)
      expect(copy.stdout).toMatch(/^Backed up .+ \(\d+\.\d MB, checked\): generation \d+; last run \d+/)
      // Cities the archive does not hold fail their searches: finished all the same (exit 0 or 3).
      expect([0, 3], run.output()).toContain(await run.exited)
    } finally {
      await run.kill()
    }
    // A snapshot: the run was either not yet started in it or still running, never half-written.
    const sqlite = new BetterSqlite3(during, { readonly: true })
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok')
      const status = sqlite.prepare('select status from runs where id = ?').pluck().get(runId)
      expect([undefined, 'running', 'succeeded', 'partial']).toContain(status)
    } finally {
      sqlite.close()
    }

    const before = readFileSync(during)
    const refused = await runCli(['backup', during, '--db', db], env)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toBe(`error: ${during} exists; add --force to replace it\n`)
    expect(readFileSync(during).equals(before)).toBe(true)

    const forced = await runCli(['backup', during, '--db', db, '--force'], env)
    expect(forced.code, forced.stderr).toBe(0)
    expect(['succeeded', 'partial']).toContain(runStatus(during, runId))
  }, 120_000)

  it('refuses the database itself, a missing folder and a missing database as bad usage', async () => {
    const self = await runCli(['backup', db, '--db', db], env)
    expect([self.code, self.stderr]).toEqual([2, `error: ${db} is the database itself; name another file\n`])
    const folder = await runCli(['backup', join(dir, 'nope', 'x.db'), '--db', db], env)
    expect([folder.code, folder.stderr]).toEqual([2, `error: No such folder: ${join(dir, 'nope')}\n`])
    const missing = await runCli(['backup', join(dir, 'y.db'), '--db', join(dir, 'none.db')], env)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/^error: No database at /)
    expect(existsSync(join(dir, 'y.db'))).toBe(false)
  }, 60_000)

  it('keeps the file it was to replace when the copy cannot be made, and leaves nothing behind', async () => {
    const target = join(dir, 'kept.db')
    writeFileSync(target, 'an older backup')
    const foreign = join(dir, 'foreign.db')
    writeFileSync(foreign, 'not sqlite')
    const result = await runCli(['backup', target, '--db', foreign, '--force'], env)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/is not a propdata database/)
    expect(readFileSync(target, 'utf8')).toBe('an older backup')
    expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([])
  }, 60_000)
})
