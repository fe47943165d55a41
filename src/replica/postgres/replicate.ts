import type BetterSqlite3 from 'better-sqlite3'
import type pg from 'pg'
import { sourceStatusReaderFor } from '../../api/source-status.js'
import type { Store } from '../../store/database.js'
import { readMeta } from '../../store/publication.repository.js'
import { checkOut, migratePostgres, type Postgres } from './connect.js'
import { insertRows, type OnBatch, reconcileKeys, sqliteBatches, upsertRows } from './copy-rows.js'
import {
  ALL_TABLES,
  BAG_ADDRESSES,
  INCREMENTAL_TABLES,
  type ReplicatedTable,
  WHOLE_TABLES,
} from './replicated-tables.js'

/** Options of {@link replicate}. */
export interface ReplicateOptions {
  /** Empty the replica and copy everything. */
  readonly rebuild?: boolean
  readonly onBatch?: OnBatch
}

/** What one table's copy did. */
export interface TableCopy {
  /** Rows written (inserted or replaced). */
  readonly copied: number
  /** Rows deleted because SQLite no longer has them. */
  readonly deleted: number
  /** Rows whose volatile columns alone changed (a listing's verification). */
  readonly updated: number
}

/** What {@link replicate} did. */
export interface ReplicateReport {
  /** The generation the replica serves now, and the one it served before. */
  readonly generation: number
  readonly previousGeneration: number
  readonly rebuilt: boolean
  readonly tables: Readonly<Record<string, TableCopy>>
  readonly durationMs: number
}

/** The replica holds a newer generation than the database copied from: another database, or one restored. */
export class ReplicaAheadError extends Error {
  constructor(replica: number, source: number) {
    super(
      `the PostgreSQL replica serves generation ${replica}, newer than this database's ${source}: replicate --rebuild to copy this one`,
    )
  }
}

/** One lock per replica database: two replicates at once wait for each other rather than interleave. */
const LOCK_KEY = "hashtext('propdata replicate')"

/**
 * Copies the published read model from SQLite to PostgreSQL in one PostgreSQL transaction, from one SQLite snapshot:
 * the rows of tables copied by generation that are newer than the replica's (all of them with `rebuild`), the rows
 * gone from SQLite deleted, the small tables whole, the BAG addresses when a BAG import changed them, and the
 * generation last. Readers of the replica see the previous generation until the commit and the whole new one after;
 * a failure anywhere rolls the replica back to where it was.
 */
export async function replicate(
  store: Store,
  postgres: Postgres,
  options: ReplicateOptions = {},
): Promise<ReplicateReport> {
  const started = performance.now()
  const onBatch = options.onBatch ?? (() => undefined)
  await migratePostgres(postgres)
  const { sqlite } = store
  const { client, release } = await checkOut(postgres.pool)
  let failed = false
  sqlite.exec('begin')
  try {
    const published = sqlite
      .prepare<[], { generation: number; run_id: number | null; published_at: string }>(
        'select generation, run_id, published_at from publication where id = 1',
      )
      .get()!
    const sources = await sourceStatusReaderFor(store).read()
    const lastRunChange = sqlite
      .prepare<[], string | null>('select max(coalesce(finished_at, started_at)) from runs')
      .pluck()
      .get()
    await client.query('begin')
    await client.query(`select pg_advisory_xact_lock(${LOCK_KEY})`)
    const replica = await replicaGeneration(client)
    const rebuild = options.rebuild === true || replica === null
    if (!rebuild && replica > published.generation) throw new ReplicaAheadError(replica, published.generation)
    if (rebuild)
      await client.query(`truncate ${ALL_TABLES.map((t) => t.name).join(', ')}, source_status, replica_state`)
    const since = rebuild ? 0 : replica
    const tables: Record<string, TableCopy> = {}
    for (const table of INCREMENTAL_TABLES)
      tables[table.name] = await copyChanged(client, sqlite, table, since, !rebuild, onBatch)
    for (const table of WHOLE_TABLES) tables[table.name] = await copyWhole(client, sqlite, table, onBatch)
    tables[BAG_ADDRESSES.name] = await copyBagAddresses(client, store, onBatch)
    await client.query(
      `insert into source_status (id, fingerprint, last_run_change, sources_json) values (1, $1, $2, $3)
         on conflict (id) do update set fingerprint = excluded.fingerprint,
           last_run_change = excluded.last_run_change, sources_json = excluded.sources_json`,
      [sources.fingerprint, lastRunChange, JSON.stringify(sources.sources)],
    )
    // Last, in the same transaction as the rows: readers switch to the new generation at the commit, all at once.
    await client.query(
      `insert into publication (id, generation, run_id, published_at, replicated_at) values (1, $1, $2, $3, $4)
         on conflict (id) do update set generation = excluded.generation, run_id = excluded.run_id,
           published_at = excluded.published_at, replicated_at = excluded.replicated_at`,
      [published.generation, published.run_id, published.published_at, new Date().toISOString()],
    )
    await client.query('commit')
    return {
      generation: published.generation,
      previousGeneration: replica ?? 0,
      rebuilt: rebuild,
      tables,
      durationMs: Math.round(performance.now() - started),
    }
  } catch (error) {
    failed = true
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    release(failed)
    sqlite.exec('rollback')
  }
}

/** The generation the replica serves, or null when nothing was ever replicated to it. */
async function replicaGeneration(client: pg.ClientBase): Promise<number | null> {
  const { rows } = await client.query<{ generation: number }>(
    'select generation from publication where id = 1',
  )
  return rows[0]?.generation ?? null
}

/** Copies the rows newer than generation `since`, then (unless the table was just emptied) reconciles the keys. */
async function copyChanged(
  client: pg.ClientBase,
  sqlite: BetterSqlite3.Database,
  table: ReplicatedTable,
  since: number,
  reconcile: boolean,
  onBatch: OnBatch,
): Promise<TableCopy> {
  let copied = 0
  const names = table.columns.map((c) => c.name)
  for (const rows of sqliteBatches(sqlite, table, names, { sql: `${table.generation} > @since`, since })) {
    await upsertRows(client, table, rows)
    copied += rows.length
    await onBatch(table.name, copied)
  }
  const { deleted, updated } = reconcile
    ? await reconcileKeys(client, sqlite, table, onBatch)
    : { deleted: 0, updated: 0 }
  return { copied, deleted, updated }
}

/** Replaces a small table's rows with SQLite's. */
async function copyWhole(
  client: pg.ClientBase,
  sqlite: BetterSqlite3.Database,
  table: ReplicatedTable,
  onBatch: OnBatch,
): Promise<TableCopy> {
  const deleted = (await client.query(`delete from ${table.name}`)).rowCount ?? 0
  let copied = 0
  for (const rows of sqliteBatches(
    sqlite,
    table,
    table.columns.map((c) => c.name),
  )) {
    await insertRows(client, table, rows)
    copied += rows.length
    await onBatch(table.name, copied)
  }
  return { copied, deleted, updated: 0 }
}

/**
 * Copies the BAG addresses whole when they changed since the last copy (a BAG import: its time and the row count name
 * them), or leaves them: they are most of the read model, and change only with an import.
 */
async function copyBagAddresses(client: pg.ClientBase, store: Store, onBatch: OnBatch): Promise<TableCopy> {
  const count = store.sqlite.prepare('select count(*) from bag_addresses').pluck().get() as number
  const version = `${readMeta(store, 'bag_imported_at') ?? ''}|${count}`
  const { rows } = await client.query<{ value: string }>(
    "select value from replica_state where key = 'bag_addresses'",
  )
  if (rows[0]?.value === version) return { copied: 0, deleted: 0, updated: 0 }
  const copy = await copyWhole(client, store.sqlite, BAG_ADDRESSES, onBatch)
  await client.query(
    `insert into replica_state (key, value) values ('bag_addresses', $1)
       on conflict (key) do update set value = excluded.value`,
    [version],
  )
  return copy
}
