import type BetterSqlite3 from 'better-sqlite3'
import { objectRows } from '../store/prepared.js'
import { OBSERVATION_CHANGED } from '../store/stage.repository.js'
import type { ListingFactRow } from './merge-inputs.js'

/** What a run's publish is asked to apply, as a worker outside its transaction needs to know it. */
export interface PublishPlan {
  readonly runId: number
  /** The sources whose staged rows the publish applies, in the order it applies them. */
  readonly sourceIds: readonly string[]
  /** The time the publish stamps on every observation it sees again (`last_seen`). */
  readonly now: string
}

/** The homes a publish will merge, and the listing facts each will have then. */
export interface PredictedFacts {
  /** Sorted (by UTF-16 code units, as `Array.prototype.sort`). */
  readonly homes: readonly string[]
  factsOf(ids: readonly string[]): Map<string, ListingFactRow[]>
}

interface StagedFact extends ListingFactRow {
  bag_vbo_id: string | null
  observation_id: number | null
  old_bag: string | null
  changed: number
  touched: number
}

/**
 * Works out, from committed data only, what `applyStagedObservations` will do to the merge's inputs: which homes
 * it puts in `publish_homes` (those of new, changed and returning observations, before and after), with any homes
 * whose register facts changed, and the listing facts each home will then have, in the merge's order. An
 * observation seen again takes its staged columns and `last_seen = now`; new ones come after every existing one,
 * in the order they are inserted. A prediction only: whoever uses it compares it with what the merge reads. Null
 * when `stopped` said so before it was done.
 */
export function predictFacts(
  sqlite: BetterSqlite3.Database,
  plan: PublishPlan,
  /** The published facts of these homes, as the merge loads them (`createMergeInputLoader(...).loadFacts`). */
  loadFacts: (ids: readonly string[]) => Map<string, (ListingFactRow & { id: number })[]>,
  stopped: () => boolean = () => false,
): PredictedFacts | null {
  // Row objects built by objectRows: through better-sqlite3's own, each of the national run's 252k rows cost the worker
  // about 4 µs more.
  const staged = objectRows(
    sqlite.prepare<[{ run_id: number; source_id: string; now: string }], StagedFact>(
      `select s.source_id, @now as last_seen, s.year_built, s.energy_label, s.surface_area, s.dwelling_type,
            s.bag_vbo_id, o.id as observation_id, o.bag_vbo_id as old_bag,
            o.id is not null and ${OBSERVATION_CHANGED} as changed,
            o.id is null or ${OBSERVATION_CHANGED} or o.status <> 'active' as touched
       from stage_observations s
       left join observations o on o.source_id = s.source_id and o.source_listing_id = s.source_listing_id
      where s.run_id = @run_id and s.source_id = @source_id
      order by s.source_listing_id`,
    ),
  )
  const homes = new Set<string>()
  // Observations seen again, by id, with the home they will describe; and new ones, by home, in insertion order.
  const seenAgain = new Map<number, StagedFact>()
  const seenAgainIn = new Map<string, StagedFact[]>()
  const newIn = new Map<string, StagedFact[]>()
  const push = (map: Map<string, StagedFact[]>, key: string, fact: StagedFact) => {
    const own = map.get(key)
    if (own) own.push(fact)
    else map.set(key, [fact])
  }
  for (const source_id of plan.sourceIds) {
    let n = 0
    for (const fact of staged.iterate({ run_id: plan.runId, source_id, now: plan.now })) {
      // Asked to stop: the statement is given up (its iterator closed by the return).
      if (++n % 1_000 === 0 && stopped()) return null
      if (fact.changed && fact.old_bag !== null) homes.add(fact.old_bag)
      if (fact.touched && fact.bag_vbo_id !== null) homes.add(fact.bag_vbo_id)
      if (fact.observation_id !== null) seenAgain.set(fact.observation_id, fact)
      if (fact.bag_vbo_id === null) continue
      push(fact.observation_id === null ? newIn : seenAgainIn, fact.bag_vbo_id, fact)
    }
  }
  for (const id of sqlite.prepare('select object_id from register_changes').pluck().all() as string[])
    homes.add(id)

  return {
    homes: [...homes].sort(),
    factsOf(ids) {
      const published = loadFacts(ids)
      const facts = new Map<string, ListingFactRow[]>()
      for (const id of ids) {
        // Seen again in this run: its staged version stands in, in whichever home that names.
        const existing = (published.get(id) ?? []).filter((row) => !seenAgain.has(row.id))
        for (const fact of seenAgainIn.get(id) ?? []) existing.push({ ...fact, id: fact.observation_id! })
        existing.sort((a, b) => a.id - b.id)
        facts.set(id, [...existing, ...(newIn.get(id) ?? [])])
      }
      return facts
    },
  }
}
