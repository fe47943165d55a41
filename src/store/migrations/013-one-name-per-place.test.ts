import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'
import { expect, it } from 'vitest'
import { useTempDir } from '../../../test/helpers/temp-dir.js'
import { openStore } from '../database.js'
import { MIGRATIONS } from './index.js'

const dir = useTempDir()

it("rewrites the place names a database stored before, so that 's-Gravenhage and Den Haag are one name", async () => {
  const path = join(dir, 'old.db')
  // A database that predates the migration: every migration before it, and none after.
  const store = new BetterSqlite3(path)
  const old = new Kysely<unknown>({ dialect: new SqliteDialect({ database: store }) })
  const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '013'))
  const { error } = await new Migrator({
    db: old,
    provider: { getMigrations: async () => before },
  }).migrateToLatest()
  expect(error).toBeUndefined()
  store.exec(`
    insert into bag_addresses (num_id, object_id, is_hoofdadres, postcode, huisnummer, street, street_key, city, city_key)
      values ('0518200000000001', '0518010000000001', 1, '2511AA', 1, 'Spui', 'spui', '''s-Gravenhage', 'sgravenhage');
    insert into listings (id, type, status, city, city_key, source_name, source_url, sources_json, listed_at, first_seen,
                          last_seen, updated_generation)
      values (1, 'rent', 'active', '''s-Gravenhage', 'sgravenhage', 'x', 'https://x/1', '[]', '2026-01-01', '2026-01-01', '2026-01-01', 1),
             (2, 'rent', 'active', 'Den Haag', 'sgravenhage', 'x', 'https://x/2', '[]', '2026-01-01', '2026-01-01', '2026-01-01', 1),
             (3, 'rent', 'active', 'Utrecht', 'utrecht', 'x', 'https://x/3', '[]', '2026-01-01', '2026-01-01', '2026-01-01', 1);`)
  await old.destroy()
  const reopened = await openStore(path)
  expect(reopened.sqlite.prepare('select city from bag_addresses').pluck().all()).toEqual(['Den Haag'])
  expect(reopened.sqlite.prepare('select city from listings order by id').pluck().all()).toEqual([
    'Den Haag',
    'Den Haag',
    'Utrecht',
  ])
  await reopened.close()
})
