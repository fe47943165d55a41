import type { BagResolver } from '../resolve/index.js'
import type { Store } from '../store/database.js'
import type { StageObservationTable } from '../store/schema.js'
import { type NormalisedColumns, normaliseStagedRow, PENDING, type StageTimings } from './stage-listing.js'

const BATCH = 5_000

/**
 * The normalise and resolve stages, as one pass over a run's staged rows that still carry the site's own address
 * text: batches are read, normalised and resolved, and written back, each batch in one transaction. Rows staged
 * unchanged from a remembered page are already final and skipped.
 */
export function normaliseStaged(
  store: Store,
  runId: number,
  resolver: BagResolver,
  timings: StageTimings,
): number {
  const { sqlite } = store
  const batch = sqlite.prepare<
    [{ run_id: number; after: number; limit: number }],
    StageObservationTable & { stage_rowid: number }
  >(
    // `not indexed`: walk the rowid range; through the primary key index every batch re-read and re-sorted the run.
    `select rowid as stage_rowid, * from stage_observations not indexed
      where run_id = @run_id and resolution = '${PENDING}' and rowid > @after order by rowid limit @limit`,
  )
  const update = sqlite.prepare<[NormalisedColumns & { stage_rowid: number }]>(
    `update stage_observations set street = @street, house_number = @house_number, postcode = @postcode, city = @city,
            city_key = @city_key, address_key = @address_key, bag_vbo_id = @bag_vbo_id, bag_num_id = @bag_num_id,
            resolution = @resolution, content_hash = @content_hash
      where rowid = @stage_rowid`,
  )
  const write = sqlite.transaction((rows: (NormalisedColumns & { stage_rowid: number })[]) => {
    for (const row of rows) update.run(row)
  })
  let after = 0
  let done = 0
  for (;;) {
    const rows = batch.all({ run_id: runId, after, limit: BATCH })
    if (rows.length === 0) return done
    after = rows[rows.length - 1]!.stage_rowid
    // No rest or spread copies of the rows: at 3 µs each they cost more than normalising.
    write(
      rows.map((row) =>
        Object.assign(normaliseStagedRow(row, resolver, timings), { stage_rowid: row.stage_rowid }),
      ),
    )
    done += rows.length
  }
}
