import BetterSqlite3 from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'
import { MIGRATIONS } from '../../src/store/migrations/index.js'

/**
 * A database at `path` as the migrations before `migration` left it, for a test to fill with rows of that time and
 * then open with `openStore`, which runs the rest. Close it (`.close()`) before opening it again.
 */
export async function databaseBefore(path: string, migration: string): Promise<BetterSqlite3.Database> {
  const sqlite = new BetterSqlite3(path)
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) })
  const earlier = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < migration))
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => earlier },
  }).migrateToLatest()
  if (error) throw error
  return sqlite
}
