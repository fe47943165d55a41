import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir('propdata-wrong-db-')
const env = { PROPDATA_DATA_DIR: join(dir, 'data') }
const csv = join(dir, 'homes.csv')

/** Every command that only reads or manages an existing database. */
const READERS = [
  ['runs'],
  ['runs', 'show', '1'],
  ['keys', 'list'],
  ['keys', 'revoke', 'client-a'],
  ['sources'],
  ['serve', '--port', '0'],
]

beforeAll(() => writeFileSync(csv, 'price,surface_area,postcode\n350000,80,3512AB\n'))

describe('a wrong --db', () => {
  it('is refused by every command that does not create data: one line, exit 2, no file and no folder made', async () => {
    const missing = join(dir, 'no', 'such', 'folder', 'propdata.db')
    const results = await Promise.all(READERS.map((command) => runCli([...command, '--db', missing], env)))
    for (const [i, result] of results.entries()) {
      expect(result.code, READERS[i]!.join(' ')).toBe(2)
      expect(result.stderr).toBe(
        `error: No database at ${missing} (check --db or PROPDATA_DB; the sample goes into ${join(dir, 'data', 'sample.db')}: npm run cli -- ingest --sample)\n`,
      )
      expect(result.stdout).toBe('')
    }
    expect(existsSync(join(dir, 'no'))).toBe(false)
    expect(existsSync(join(dir, 'data'))).toBe(false)
  }, 120_000)

  it('that is not a propdata database (a CSV) is named as such in one line, exit 2, with no SQLite stack', async () => {
    const commands = [...READERS, ['keys', 'create', 'client-a']]
    const results = await Promise.all(commands.map((command) => runCli([...command, '--db', csv], env)))
    for (const [i, result] of results.entries()) {
      expect(result.code, commands[i]!.join(' ')).toBe(2)
      expect(result.stderr).toBe(`error: ${csv} is not a propdata database (not an SQLite file)\n`)
    }
  }, 120_000)

  it('is created by the commands that create data, folders included', async () => {
    const fresh = join(dir, 'new', 'propdata.db')
    const created = await runCli(['keys', 'create', 'client-a', '--db', fresh], env)
    expect(created.code, created.stderr).toBe(0)
    expect(existsSync(fresh)).toBe(true)
    const listed = await runCli(['keys', 'list', '--db', fresh], env)
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stdout).toMatch(/^client-a\t/)
  }, 60_000)

  it('an SQLite file of another application is refused, not migrated', async () => {
    const other = join(dir, 'other.db')
    const sqlite = new BetterSqlite3(other)
    sqlite.exec('create table notes (x)')
    sqlite.close()
    const commands = [['runs'], ['keys', 'create', 'client-a']]
    const results = await Promise.all(commands.map((command) => runCli([...command, '--db', other], env)))
    for (const [i, result] of results.entries()) {
      expect(result.code, commands[i]!.join(' ')).toBe(2)
      expect(result.stderr).toBe(`error: ${other} is not a propdata database\n`)
    }
  }, 60_000)
})
