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
 * completes the rows added with `add` (normalises and resolves their addresses), a batch at a time, just before the
 * batch is written, so a row is written once, final, and that work runs in tight loops rather than between parses.
 */
export function createStageWriter(
  store: Store,
  prepare: (rows: readonly NewStageObservation[]) => void,
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
  // The copies of a batch in one statement, after its new rows: a copy never replaces a row (do nothing), so a
  // listing both parsed and copied in a run keeps the parsed version either way, as if written in order. One
  // statement per row cost 14 µs a copy, most of a nightly run's staging.
  const copy = store.sqlite.prepare<[{ keys: string }]>(
    `insert into stage_observations (${STAGE_COLUMNS.join(', ')})
     select k.value ->> 0, ${STAGE_COLUMNS.slice(1)
       .map((c) => `o.${c}`)
       .join(', ')}
       from json_each(@keys) k cross join observations o
         on o.source_id = k.value ->> 1 and o.source_listing_id = k.value ->> 2
      where true
     on conflict (run_id, source_id, source_listing_id) do nothing`,
  )
  let fresh: NewStageObservation[] = []
  let copies: [number, string, string][] = []
  // The rows are completed inside the batch's transaction: outside one, each of their BAG look-ups would open and
  // close a read transaction of its own (file locks and a WAL check: 4.9 against 2.1 µs a look-up).
  const write = store.sqlite.transaction(
    (rows: readonly NewStageObservation[], keys: readonly [number, string, string][]) => {
      prepare(rows)
      for (const row of rows) insert.run(row)
      if (keys.length > 0) copy.run({ keys: JSON.stringify(keys) })
    },
  )
  const flush = () => {
    if (fresh.length + copies.length === 0) return
    write.immediate(fresh, copies)
    fresh = []
    copies = []
  }
  const added = () => {
    if (fresh.length + copies.length >= batchSize) flush()
  }
  return {
    add(row) {
      fresh.push(row)
      added()
    },
    addUnchanged(runId, sourceId, sourceListingId) {
      copies.push([runId, sourceId, sourceListingId])
      added()
    },
    flush,
  }
}

/** Drops staged rows of runs that never published (crashed or stopped before publish). */
export async function discardStaleStage(store: Store): Promise<number> {
  const result = await store.db.deleteFrom('stage_observations').executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * SQL true when staged row `s` says something else than observation `o` about the listing: a column differs. Only
 * such observations are updated, touched and counted; comparing the columns costs nothing next to the content hash
 * every staged row used to carry (3.4 µs a row, 0.9 s on the national run).
 */
export const OBSERVATION_CHANGED = `(${OBSERVED_COLUMNS.map((c) => `o.${c} is not s.${c}`).join(' or ')})`

/**
 * Deletes one run's staged rows at publish. When they are all the table holds (the run lock lets one run stage at a
 * time), it is one truncation: SQLite frees the pages without rewriting them, where a filtered delete rewrote every
 * page of the table (about 150 MB of write-ahead log on the national run).
 */
export function clearStage(sqlite: Store['sqlite'], runId: number): void {
  const others = sqlite.prepare('select 1 from stage_observations where run_id <> ? limit 1').get(runId)
  if (others) sqlite.prepare('delete from stage_observations where run_id = ?').run(runId)
  else sqlite.prepare('delete from stage_observations').run()
}
