import type { Store } from './database.js'
import { param, prepareByPosition } from './prepared.js'
import type { NewStageObservation } from './schema.js'

/** What a staged row says about a listing: the columns an observation takes over when it is seen again. */
export const OBSERVED_COLUMNS = [
  'url',
  'type',
  'price',
  'price_on_request',
  'surface_area',
  'rooms',
  'energy_label',
  'year_built',
  'dwelling_type',
  'street',
  'house_number',
  'postcode',
  'city',
  'city_key',
  'listed_at',
  'address_key',
  'bag_vbo_id',
  'bag_num_id',
  'resolution',
] as const satisfies readonly (keyof NewStageObservation)[]

const STAGE_COLUMNS = ['run_id', 'source_id', 'source_listing_id', ...OBSERVED_COLUMNS] as const

/** Buffers staged observations and writes them in batches (one small transaction each), off the published tables. */
export interface StageWriter {
  add(row: NewStageObservation): void
  /** Stages a listing exactly as it was last published (its page is unchanged): copied, not recomputed. */
  addUnchanged(runId: number, sourceId: string, sourceListingId: string): void
  flush(): void
}

/**
 * A writer for one run's staged observations. A listing seen twice in a run keeps its last version. `prepare`
 * completes each row added with `add` (normalises and resolves its address) just before its batch is written, so a
 * row is written once, final, and that work runs in one tight loop per batch rather than between parses.
 */
export function createStageWriter(
  store: Store,
  prepare: (row: NewStageObservation) => void,
  batchSize = 10_000,
): StageWriter {
  const values = Object.fromEntries(STAGE_COLUMNS.map((c) => [c, param(c)])) as Record<string, unknown>
  const insert = prepareByPosition<NewStageObservation>(
    store.sqlite,
    store.db
      .insertInto('stage_observations')
      .values(values as never)
      .onConflict((oc) =>
        oc
          .columns(['run_id', 'source_id', 'source_listing_id'])
          .doUpdateSet((eb) =>
            Object.fromEntries(STAGE_COLUMNS.slice(3).map((c) => [c, eb.ref(`excluded.${c}`)])),
          ),
      ),
  )
  const copy = store.sqlite.prepare(
    `insert into stage_observations (${STAGE_COLUMNS.join(', ')})
     select @run_id, ${STAGE_COLUMNS.slice(1).join(', ')} from observations
      where source_id = @source_id and source_listing_id = @source_listing_id
     on conflict (run_id, source_id, source_listing_id) do nothing`,
  )
  type Copy = { run_id: number; source_id: string; source_listing_id: string }
  const buffer: (NewStageObservation | Copy)[] = []
  // A copy carries only its keys: no url.
  const isNew = (row: NewStageObservation | Copy): row is NewStageObservation => 'url' in row
  const write = store.sqlite.transaction((rows: (NewStageObservation | Copy)[]) => {
    for (const row of rows) {
      if (isNew(row)) insert.run(row)
      else copy.run(row)
    }
  })
  const flush = () => {
    if (buffer.length === 0) return
    for (const row of buffer) if (isNew(row)) prepare(row)
    write(buffer.splice(0, buffer.length))
  }
  return {
    add(row) {
      buffer.push(row)
      if (buffer.length >= batchSize) flush()
    },
    addUnchanged(runId, sourceId, sourceListingId) {
      buffer.push({ run_id: runId, source_id: sourceId, source_listing_id: sourceListingId })
      if (buffer.length >= batchSize) flush()
    },
    flush,
  }
}

/** Drops staged rows (and page memos) of runs that never published (crashed or stopped before publish). */
export async function discardStaleStage(store: Store, keepRunId?: number): Promise<number> {
  await (keepRunId === undefined
    ? store.db.deleteFrom('stage_page_memos')
    : store.db.deleteFrom('stage_page_memos').where('run_id', '<>', keepRunId)
  ).execute()
  const query = store.db.deleteFrom('stage_observations')
  const result = await (keepRunId === undefined
    ? query
    : query.where('run_id', '<>', keepRunId)
  ).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * SQL true when staged row `s` says something else than observation `o` about the listing: a column differs. Only
 * such observations are updated, touched and counted; comparing the columns costs nothing next to the content hash
 * every staged row used to carry (3.4 µs a row, 0.9 s on the national run).
 */
export const OBSERVATION_CHANGED = `(${OBSERVED_COLUMNS.map((c) => `o.${c} is not s.${c}`).join(' or ')})`

/**
 * Deletes one run's rows from a stage table at publish. When they are all the table holds (the run lock lets one
 * run stage at a time), it is one truncation: SQLite frees the pages without rewriting them, where a filtered delete
 * rewrote every page of the table (about 150 MB of write-ahead log on the national run).
 */
export function clearStage(
  sqlite: Store['sqlite'],
  table: 'stage_observations' | 'stage_page_memos',
  runId: number,
): void {
  const others = sqlite.prepare(`select 1 from ${table} where run_id <> ? limit 1`).get(runId)
  if (others) sqlite.prepare(`delete from ${table} where run_id = ?`).run(runId)
  else sqlite.prepare(`delete from ${table}`).run()
}
