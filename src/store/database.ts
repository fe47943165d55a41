import { existsSync, mkdirSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'
import { MIGRATIONS } from './migrations/index.js'
import type { Database } from './schema.js'

/** An open SQLite database: the raw better-sqlite3 handle for hot prepared statements, kysely for the rest. */
export interface Store {
  readonly sqlite: BetterSqlite3.Database
  readonly db: Kysely<Database>
  readonly path: string
  close(): Promise<void>
}

/** Options for {@link openStore}. */
export interface OpenStoreOptions {
  /** Open read-only (the API does): a handler cannot write, whatever it compiles to. @default false */
  readonly readonly?: boolean
  /**
   * Create the file (and its folder) when it does not exist. Commands that only read or manage an existing database
   * pass false, so a mistyped path is an error instead of a new, empty database. @default true unless read-only
   */
  readonly create?: boolean
  /** Memory-map this many bytes; keep it at or above the file size for index-only counts. @default 2 GiB (SQLite's cap) */
  readonly mmapBytes?: number
  /** SQLite's page cache beyond the mapped part, in MiB. @default 256 for a writer, 128 read-only */
  readonly cacheMiB?: number
}

/** The page size of a database this module creates. */
export const PAGE_SIZE = 65_536

/** WAL size at which SQLite checkpoints on its own: about 40 MB, whatever the page size. */
const AUTOCHECKPOINT_BYTES = 40 * 2 ** 20

/** The file given as a database is missing, or is not one this module made: a one-line answer, not a stack. */
export class DatabaseFileError extends Error {
  readonly path: string
  /** `missing`: no file there; `foreign`: a file, but not a propdata database. */
  readonly reason: 'missing' | 'foreign'
  constructor(message: string, path: string, reason: 'missing' | 'foreign' = 'foreign') {
    super(message)
    this.name = 'DatabaseFileError'
    this.path = path
    this.reason = reason
  }
}

/** The table kysely's migrator keeps: every propdata database has it from its first open. */
const MIGRATION_TABLE = 'kysely_migration'

/**
 * Opens the database in WAL mode (creating it if `create` allows) and, unless read-only, runs pending migrations.
 * Throws {@link DatabaseFileError} when the file is missing and may not be created, or is not a propdata database.
 */
export async function openStore(path: string, options: OpenStoreOptions = {}): Promise<Store> {
  const readonly = options.readonly ?? false
  const create = !readonly && (options.create ?? true)
  const inMemory = path === ':memory:'
  if (!inMemory) checkDatabaseFile(path, create)
  if (create && !inMemory) mkdirSync(dirname(path), { recursive: true })
  const sqlite = new BetterSqlite3(path, { readonly, fileMustExist: !create })
  try {
    checkPropdataSchema(sqlite, path, create)
  } catch (error) {
    sqlite.close()
    throw error
  }
  // Large pages for a new file (an existing one keeps its size until a VACUUM): a national first run writes about a
  // gigabyte of pages in one transaction, and 64 KiB pages make that a sixteenth of the write calls and B-tree
  // splits. It must come before WAL mode, which fixes the size.
  if (!readonly) sqlite.pragma(`page_size = ${PAGE_SIZE}`)
  if (!readonly) sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('busy_timeout = 10000')
  // Random lookups (resolving, merging) into a database larger than the map turn into page reads: at national scale
  // that costs more than the work itself, so the map is as large as SQLite allows.
  sqlite.pragma(`mmap_size = ${options.mmapBytes ?? 2 ** 31}`)
  // A writer's cache mostly holds the pages its transaction changed. A cache large enough for a whole national
  // publish is slower than one that spills part of it to the WAL along the way: each new cache page is fresh memory,
  // and touching fresh memory for the first time is dear. So the writer's cache is bounded, not sized to the run.
  sqlite.pragma(`cache_size = -${(options.cacheMiB ?? (readonly ? 128 : 256)) * 1024}`)
  // A run commits staged rows in batches; checkpointing the WAL back at SQLite's default of 1,000 pages makes each
  // batch pay twice. A reader never checkpoints, so only a writer needs the page size.
  if (!readonly) {
    const pageSize = sqlite.pragma('page_size', { simple: true }) as number
    sqlite.pragma(`wal_autocheckpoint = ${Math.ceil(AUTOCHECKPOINT_BYTES / pageSize)}`)
  }
  sqlite.pragma('temp_store = MEMORY')
  if (readonly) sqlite.pragma('query_only = 1')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  if (!readonly) await migrate(db)
  return {
    sqlite,
    db,
    path,
    async close() {
      await db.destroy()
    },
  }
}

/** A path that must be a database file: present unless it may be created, and not a folder. */
function checkDatabaseFile(path: string, create: boolean): void {
  if (!existsSync(path)) {
    if (create) return
    throw new DatabaseFileError(`No database at ${path}`, path, 'missing')
  }
  if (statSync(path).isDirectory())
    throw new DatabaseFileError(`${path} is a folder, not a propdata database`, path)
}

/**
 * Refuses a file that is not a propdata database before anything is written to it: not SQLite at all (a CSV given as
 * --db), SQLite with another application's tables, or an empty file where one must already exist.
 */
function checkPropdataSchema(sqlite: BetterSqlite3.Database, path: string, create: boolean): void {
  let tables: string[]
  try {
    tables = sqlite.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[]
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_NOTADB')
      throw new DatabaseFileError(`${path} is not a propdata database (not an SQLite file)`, path)
    throw error
  }
  if (tables.includes(MIGRATION_TABLE)) return
  if (tables.length > 0) throw new DatabaseFileError(`${path} is not a propdata database`, path)
  if (!create) throw new DatabaseFileError(`${path} is not a propdata database (it is empty)`, path)
}

async function migrate(db: Kysely<Database>): Promise<void> {
  // Each change reserves its migration's number, and changes land in any order: a database that already has a
  // later number still gets an earlier one that landed after it.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    allowUnorderedMigrations: true,
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown'
    throw new Error(`Database migration ${failed} failed: ${String(error)}`, { cause: error })
  }
}
