import { Kysely, Migrator, PostgresDialect } from 'kysely'
import pg from 'pg'
import { POSTGRES_MIGRATIONS } from './migrations/index.js'

/** Whether `location` names a PostgreSQL server (`postgres://…` or `postgresql://…`) rather than a SQLite file. */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location)

/** `bigint` columns (ids, generations, counts) as numbers: every one of them fits in 2^53, as in SQLite. */
const TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return Number
    return pg.types.getTypeParser(oid, format)
  },
}

/** A pool of connections to the read model's database, and kysely over it (for the migrations). */
export interface Postgres {
  readonly pool: pg.Pool
  readonly db: Kysely<unknown>
  close(): Promise<void>
}

/** Options of {@link openPostgres}. */
export interface PostgresOptions {
  /** Connections at most. @default 10 */
  readonly max?: number
  /** The name the server shows for these connections (`application_name`). */
  readonly applicationName?: string
}

/** Connects to `url`; throws when the server cannot be reached or refuses the login. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Postgres> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types: TYPES,
    application_name: options.applicationName ?? 'propdata',
    connectionTimeoutMillis: 10_000,
  })
  // An idle connection the server drops (a restart, a failover) is replaced on the next query, not a crash.
  pool.on('error', () => undefined)
  try {
    const client = await pool.connect()
    client.release()
  } catch (error) {
    await pool.end()
    throw error
  }
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) })
  return {
    pool,
    db,
    // kysely's destroy ends the pool it was given.
    close: () => db.destroy(),
  }
}

/**
 * A connection of the pool for a transaction, with its release. A connection the server ends while it is checked out
 * (a restart, a terminated backend) fails the query running on it; the error it emits besides is not a crash.
 */
export async function checkOut(
  pool: pg.Pool,
): Promise<{ client: pg.PoolClient; release(broken: boolean): void }> {
  const client = await pool.connect()
  const ignore = () => undefined
  client.on('error', ignore)
  return {
    client,
    release(broken) {
      client.off('error', ignore)
      client.release(broken)
    },
  }
}

/** Brings the read model's schema up to date; throws with the failing migration's error. */
export async function migratePostgres(postgres: Postgres): Promise<void> {
  const migrator = new Migrator({
    db: postgres.db,
    provider: { getMigrations: async () => POSTGRES_MIGRATIONS },
  })
  const { error } = await migrator.migrateToLatest()
  if (error) throw error
}
