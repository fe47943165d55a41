import type { Store } from '../store/database.js'
import { readMeta, readPublication, writeMeta } from '../store/publication.repository.js'

/** The table of the homes a store of home values looks at, when it does not look at every home. */
export const TOUCHED_HOMES = 'temp.touched_homes'

/** What the last store of home values saw, kept in `meta`: what changed since is what the next one looks at. */
export interface LastPass {
  /** The generation it stamped; the records written since carry it or a later one. */
  readonly generation: number
  /** The run's time it had; the registers looked up since carry it or a later one. */
  readonly now: string
}

const PASS_KEY = 'home_values_pass'

/** The last store of home values, or null before the first (every home is then looked at). */
export function readLastPass(store: Store): LastPass | null {
  const stored = readMeta(store, PASS_KEY)
  return stored === undefined ? null : (JSON.parse(stored) as LastPass)
}

export function writeLastPass(store: Store, pass: LastPass): void {
  writeMeta(store, PASS_KEY, JSON.stringify(pass))
}

/**
 * The first generation whose writes the last pass may not have seen: the one after it, or its own when it was not
 * published (nothing changed) and the publish after writes under the same number.
 */
export function writtenSince(store: Store, last: LastPass): number {
  return readPublication(store).generation >= last.generation ? last.generation + 1 : last.generation
}

/** Ids inserted together: one statement per batch. */
const BATCH = 5_000

/**
 * Fills {@link TOUCHED_HOMES} with the homes whose inputs may have changed since `last`, set-based: the ids the caller
 * names (homes whose listings or register facts it changed), the golden records written since (see {@link writtenSince}),
 * and the homes whose
 * energy label or WOZ value was looked up since (a look-up that finds nothing changes no record but is a fact for
 * the rent regulation). Returns how many there are.
 */
export function collectTouchedHomes(
  store: Store,
  ids: Iterable<string>,
  last: LastPass,
  now: string,
): number {
  const { sqlite } = store
  sqlite.exec(`create temp table if not exists touched_homes (bag_id text primary key) without rowid;
    delete from ${TOUCHED_HOMES};`)
  const insertIds = sqlite.prepare<[string]>(
    `insert or ignore into ${TOUCHED_HOMES} (bag_id) select value from json_each(?)`,
  )
  let batch: string[] = []
  for (const id of ids) {
    batch.push(id)
    if (batch.length === BATCH) {
      insertIds.run(JSON.stringify(batch))
      batch = []
    }
  }
  insertIds.run(JSON.stringify(batch))
  // Look-ups are stamped with their run's time: this run's are after the last pass's, or at this run's time when it
  // is dated before it (a replay).
  sqlite
    .prepare(
      `insert or ignore into ${TOUCHED_HOMES} (bag_id)
         select bag_id from golden_records where updated_generation >= @generation
         union all select object_id from energy_label_lookups where looked_up_at > @last or looked_up_at >= @now
         union all select object_id from woz_lookups where looked_up_at > @last or looked_up_at >= @now`,
    )
    .run({ generation: writtenSince(store, last), last: last.now, now })
  return sqlite.prepare(`select count(*) from ${TOUCHED_HOMES}`).pluck().get() as number
}
