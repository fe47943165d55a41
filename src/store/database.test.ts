import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../../test/helpers/temp-dir.js'
import { DatabaseFileError, openStore, PAGE_SIZE } from './database.js'
import { MIGRATIONS } from './migrations/index.js'
import { ANY_KEY, bumpGeneration, readPublication, rebuildListingCounts } from './publication.repository.js'

const dir = useTempDir()

describe('the store', () => {
  it('creates the schema on open, in WAL mode, and reopening changes nothing', async () => {
    const path = join(dir, 'a.db')
    const store = await openStore(path)
    expect(store.sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(store.sqlite.pragma('page_size', { simple: true })).toBe(PAGE_SIZE)
    expect(store.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(640)
    const tables = (
      store.sqlite.prepare("select name from sqlite_master where type = 'table' order by name").all() as {
        name: string
      }[]
    ).map((t) => t.name)
    for (const table of [
      'runs',
      'observations',
      'listings',
      'listing_identities',
      'bag_objects',
      'bag_addresses',
      'golden_records',
      'api_keys',
      'publication',
      'rejects',
    ]) {
      expect(tables).toContain(table)
    }
    await store.close()
    const again = await openStore(path)
    const applied = again.sqlite.prepare('select count(*) as n from kysely_migration').get() as { n: number }
    expect(applied.n).toBe(Object.keys(MIGRATIONS).length)
    await again.close()
  })

  it('applies a migration that landed after a later-numbered one the database already has', async () => {
    const path = join(dir, 'unordered.db')
    await (await openStore(path)).close()
    // A database made by a version that had 025 but not yet 024 (numbers are reserved per change, landed apart).
    const old = new BetterSqlite3(path)
    old.exec(`drop table listing_aliases; drop index observations_by_offer_facts;
      delete from kysely_migration where name = '024-listing-aliases'`)
    old.close()
    const store = await openStore(path)
    const names = store.sqlite.prepare('select name from kysely_migration').pluck().all()
    expect(names).toHaveLength(Object.keys(MIGRATIONS).length)
    expect(store.sqlite.prepare('select count(*) from listing_aliases').pluck().get()).toBe(0)
    await store.close()
  })

  it('keeps the page size of an existing database, and checkpoints it at the same WAL size', async () => {
    const path = join(dir, 'old.db')
    const old = new BetterSqlite3(path)
    old.pragma('page_size = 4096')
    // What every propdata database has had since its first open: the migrator's table (here with nothing applied).
    old.exec(
      'create table kysely_migration (name varchar(255) not null primary key, timestamp varchar(255) not null)',
    )
    old.close()
    const store = await openStore(path)
    expect(store.sqlite.pragma('page_size', { simple: true })).toBe(4096)
    expect(store.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(10_240)
    await store.close()
  })

  it('opens read-only handles that cannot write, whatever they run', async () => {
    const path = join(dir, 'b.db')
    await (await openStore(path)).close()
    const readonly = await openStore(path, { readonly: true })
    expect(() => readonly.sqlite.prepare("insert into meta (key, value) values ('x', 'y')").run()).toThrow(
      /readonly|read-only|query_only/i,
    )
    await readonly.close()
  })

  it('bumps the generation and writes listing counts with "any" rows', async () => {
    const store = await openStore(join(dir, 'c.db'))
    expect(readPublication(store).generation).toBe(0)
    const insert = store.sqlite.prepare(
      `insert into listings (id, type, status, city_key, source_name, source_url, sources_json, listed_at, first_seen, last_seen, updated_generation)
       values (?, ?, ?, ?, 'x', 'https://x', '[]', '2026-01-01', '2026-01-01', '2026-01-01', 1)`,
    )
    insert.run(1, 'rent', 'active', 'amsterdam')
    insert.run(2, 'buy', 'active', 'amsterdam')
    insert.run(3, 'buy', 'active', 'utrecht')
    insert.run(4, 'buy', 'withdrawn', 'utrecht')
    rebuildListingCounts(store)
    const n = (city: string, type: string) =>
      (
        store.sqlite
          .prepare('select n from listing_counts where city_key = ? and type = ?')
          .get(city, type) as { n: number } | undefined
      )?.n
    expect([
      n('amsterdam', 'rent'),
      n('amsterdam', ANY_KEY),
      n(ANY_KEY, 'buy'),
      n(ANY_KEY, ANY_KEY),
      n('utrecht', 'buy'),
    ]).toEqual([1, 2, 2, 3, 1])
    expect(bumpGeneration(store, null, '2026-01-01T00:00:00Z')).toBe(1)
    await store.close()
  })

  it('refuses a missing file when it may not create one, and makes no folder for it', async () => {
    const path = join(dir, 'no', 'such', 'folder', 'x.db')
    for (const options of [{ create: false }, { readonly: true }]) {
      await expect(openStore(path, options)).rejects.toMatchObject({
        message: `No database at ${path}`,
        reason: 'missing',
      })
    }
    expect(existsSync(join(dir, 'no'))).toBe(false)
  })

  it('refuses a file that is not a propdata database, and leaves it as it was', async () => {
    const csv = join(dir, 'homes.csv')
    writeFileSync(csv, 'price,surface_area,postcode\n350000,80,3512AB\n')
    const foreign = join(dir, 'other-app.db')
    const other = new BetterSqlite3(foreign)
    other.exec('create table notes (x)')
    other.close()
    const empty = join(dir, 'empty.db')
    writeFileSync(empty, '')
    const folder = join(dir, 'a-folder')
    mkdirSync(folder)
    const refusals: [string, object, string][] = [
      [csv, {}, `${csv} is not a propdata database (not an SQLite file)`],
      [csv, { readonly: true }, `${csv} is not a propdata database (not an SQLite file)`],
      [foreign, {}, `${foreign} is not a propdata database`],
      [empty, { create: false }, `${empty} is not a propdata database (it is empty)`],
      [folder, {}, `${folder} is a folder, not a propdata database`],
    ]
    for (const [path, options, message] of refusals) {
      const error = await openStore(path, options).catch((e: unknown) => e)
      expect(error, path).toBeInstanceOf(DatabaseFileError)
      expect((error as Error).message).toBe(message)
    }
    expect(readFileSync(csv, 'utf8')).toBe('price,surface_area,postcode\n350000,80,3512AB\n')
    const after = new BetterSqlite3(foreign, { readonly: true })
    expect(after.prepare("select name from sqlite_master where type = 'table'").pluck().all()).toEqual([
      'notes',
    ])
    after.close()
  })
})
