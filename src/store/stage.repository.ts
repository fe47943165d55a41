import type { Store } from './database.js'
import { param, prepareByPosition } from './prepared.js'
import type { NewStageObservation, VerifiedBy } from './schema.js'

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

// How the run verified a listing is staged with it but is no part of what it says: it changes no observation.
const STAGE_COLUMNS = [
  'run_id',
  'source_id',
  'source_listing_id',
  ...OBSERVED_COLUMNS,
  'verified_by',
] as const

/**
 * A listing staged as it was last published (its page or card is unchanged): run id, source id, the source's
 * listing id, and how the run verified it.
 */
export type UnchangedListing = readonly [
  runId: number,
  sourceId: string,
  sourceListingId: string,
  verifiedBy: VerifiedBy,
]

/** Writes a run's staged observations, a batch at a time. */
export interface StageWriter {
  /**
   * Writes a batch in one transaction: the finished `rows`, then a copy of each `unchanged` listing's observation.
   * A listing parsed twice in a run keeps its last version; a copy never replaces a row.
   */
  write(rows: readonly NewStageObservation[], unchanged: readonly UnchangedListing[]): void
}

/** The columns a copy takes from the observation: all but the run and how it verified the listing. */
const OBSERVED_COLUMNS_OF_COPY = STAGE_COLUMNS.slice(1, -1)
  .map((c) => `o.${c}`)
  .join(', ')

/** A writer of staged observations into `stage_observations`, off the published tables. */
export function createStageWriter(store: Store): StageWriter {
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
  // statement for the batch rather than one per copy: on a nightly run most listings are copies.
  const copy = store.sqlite.prepare<[{ keys: string }]>(
    `insert into stage_observations (${STAGE_COLUMNS.join(', ')})
     select k.value ->> 0, ${OBSERVED_COLUMNS_OF_COPY}, k.value ->> 3
       from json_each(@keys) k cross join observations o
         on o.source_id = k.value ->> 1 and o.source_listing_id = k.value ->> 2
      where true
     on conflict (run_id, source_id, source_listing_id) do nothing`,
  )
  const write = store.sqlite.transaction(
    (rows: readonly NewStageObservation[], unchanged: readonly UnchangedListing[]) => {
      for (const row of rows) insert.run(row)
      if (unchanged.length > 0) copy.run({ keys: JSON.stringify(unchanged) })
    },
  )
  return { write }
}

/** Drops staged rows of runs that never published (crashed or stopped before publish). */
export async function discardStaleStage(store: Store): Promise<number> {
  const result = await store.db.deleteFrom('stage_observations').executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * SQL true when staged row `s` says something else than observation `o` about the listing: a column differs. Only
 * such observations are updated, touched and counted. The columns are compared rather than a content hash of each
 * staged row, which cost more to compute than the comparison does.
 */
export const OBSERVATION_CHANGED = `(${OBSERVED_COLUMNS.map((c) => `o.${c} is not s.${c}`).join(' or ')})`

/**
 * Deletes one run's staged rows at publish. When they are all the table holds (the run lock lets one run stage at a
 * time), it is one truncation: SQLite frees the pages without rewriting them, where a filtered delete rewrote every
 * page of the table into the write-ahead log.
 */
export function clearStage(sqlite: Store['sqlite'], runId: number): void {
  const others = sqlite.prepare('select 1 from stage_observations where run_id <> ? limit 1').get(runId)
  if (others) sqlite.prepare('delete from stage_observations where run_id = ?').run(runId)
  else sqlite.prepare('delete from stage_observations').run()
}
