import type BetterSqlite3 from 'better-sqlite3'
import type { SearchKey } from '../crawl/search-frontier.js'
import { OBSERVATION_CHANGED, OBSERVED_COLUMNS } from '../store/stage.repository.js'
import { firstPriceHistoryJson, priceHistoryJson } from './price-history.js'

/** What publishing one source's staged rows changed. */
export interface ObservationChanges {
  readonly new: number
  readonly updated: number
}

/** One source of one run. */
export interface SourceRun {
  readonly runId: number
  readonly sourceId: string
  readonly now: string
}

/** A crawled listing was verified at the run's start; a listing read from a file (no verification) never is. */
const VERIFIED_AT = 'case when s.verified_by is null then null else @now end'

const STAGED = `stage_observations s where s.run_id = @run_id and s.source_id = @source_id`

/**
 * Moves one source's staged rows into `observations`, set-based: new ones are inserted, changed ones updated (a
 * price change adds a price-history row), unchanged ones only get their last-seen time; a returning listing is
 * reactivated. Changed, new and returning observations go into `publish_touched`; the homes they described before
 * and after into `publish_homes`, since their golden records may change.
 */
export function applyStagedObservations(sqlite: BetterSqlite3.Database, run: SourceRun): ObservationChanges {
  const params = { run_id: run.runId, source_id: run.sourceId, now: run.now }
  // Each staged row of a listing observed before, paired with its observation once, with what changed: every
  // statement below reads this instead of joining the two tables again.
  sqlite.prepare('delete from publish_staged').run()
  sqlite
    .prepare(
      `insert into publish_staged (stage_rowid, observation_id, changed, repriced, reactivated)
       select s.rowid, o.id, ${OBSERVATION_CHANGED}, o.price is not s.price, o.status <> 'active'
         from stage_observations s join observations o on o.source_id = s.source_id and o.source_listing_id = s.source_listing_id
        where s.run_id = @run_id and s.source_id = @source_id`,
    )
    .run(params)
  const staged = sqlite.prepare(`select count(*) from ${STAGED}`).pluck().get(params) as number
  const seen = sqlite
    .prepare('select count(*) as n, coalesce(sum(changed), 0) as updated from publish_staged')
    .get() as { n: number; updated: number }
  // The homes changed observations described before this run: their golden records lose these facts.
  sqlite
    .prepare(
      `insert or ignore into publish_homes (bag_id)
       select o.bag_vbo_id from publish_staged p join observations o on o.id = p.observation_id
        where p.changed and o.bag_vbo_id is not null`,
    )
    .run()
  sqlite
    .prepare(
      'insert or ignore into publish_touched (observation_id) select observation_id from publish_staged where changed or reactivated',
    )
    .run()
  sqlite
    .prepare(
      `insert or ignore into price_history (observation_id, observed_at, price, run_id)
       select p.observation_id, @now, s.price, @run_id from publish_staged p join stage_observations s on s.rowid = p.stage_rowid
        where p.repriced`,
    )
    .run(params)
  sqlite
    .prepare(
      `update observations set price_history_json = ${priceHistoryJson('observations.id')}
        where id in (select observation_id from publish_staged where repriced)`,
    )
    .run()
  // Seen again: what changed takes the staged columns, and everything its lifecycle and freshness (most rows, most
  // nights only these).
  const seenAgain = `last_seen = @now, last_run_id = @run_id, missing_runs = 0, status = 'active', verified_by = s.verified_by, verified_at = ${VERIFIED_AT}`
  sqlite
    .prepare(
      `update observations set ${OBSERVED_COLUMNS.map((c) => `${c} = s.${c}`).join(', ')}, ${seenAgain}
         from publish_staged p join stage_observations s on s.rowid = p.stage_rowid
        where p.changed and observations.id = p.observation_id`,
    )
    .run(params)
  sqlite
    .prepare(
      `update observations set ${seenAgain}
         from publish_staged p join stage_observations s on s.rowid = p.stage_rowid
        where not p.changed and observations.id = p.observation_id`,
    )
    .run(params)
  // Ids only grow (autoincrement) and this transaction is the only writer: the rows the insert below adds are exactly
  // those above this id, a range of the table's own key.
  const before = sqlite.prepare('select coalesce(max(id), 0) from observations').pluck().get() as number
  sqlite
    .prepare(
      `insert into observations (source_id, source_listing_id, ${OBSERVED_COLUMNS.join(', ')}, first_seen, last_seen, last_run_id, missing_runs, status, price_history_json, verified_by, verified_at)
       select s.source_id, s.source_listing_id, ${OBSERVED_COLUMNS.map((c) => `s.${c}`).join(', ')}, @now, @now, @run_id, 0, 'active',
              ${firstPriceHistoryJson('@now', 's.price')}, s.verified_by, ${VERIFIED_AT}
         from ${STAGED} and s.rowid not in (select stage_rowid from publish_staged)
        order by s.source_listing_id
       on conflict (source_id, source_listing_id) do nothing`,
    )
    .run(params)
  // New rows are numbered in the order above (which the primary key's index gives for free): the merge reads a home's
  // facts in that order. Their first price starts their history. Found by id: by source, run and first-seen time, each statement read the source's every
  // observation through an index, and the homes' statement every observation touched by any source so far.
  const NEW = 'from observations where id > @before'
  sqlite.prepare(`insert or ignore into publish_touched (observation_id) select id ${NEW}`).run({ before })
  sqlite
    .prepare(
      `insert or ignore into price_history (observation_id, observed_at, price, run_id) select id, @now, price, @run_id ${NEW}`,
    )
    .run({ before, now: run.now, run_id: run.runId })
  // The homes this source's touched observations describe now: the new ones, and the changed or returning ones.
  sqlite
    .prepare(
      `insert or ignore into publish_homes (bag_id)
       select bag_vbo_id ${NEW} and bag_vbo_id is not null
       union all
       select o.bag_vbo_id from publish_staged p join observations o on o.id = p.observation_id
        where (p.changed or p.reactivated) and o.bag_vbo_id is not null`,
    )
    .run({ before })
  return { new: staged - seen.n, updated: seen.updated }
}

/**
 * The part of a source a run crawled completely, when it was not all of it: its searches (offer type and city key)
 * whose every list page was read.
 */
export type WithdrawalScope = readonly SearchKey[]

/**
 * After a source completed successfully, its listings not seen in this run count one more missed run; at
 * `threshold` missed runs they are withdrawn and their listings rebuilt. Never called for a source that failed or
 * was blocked, or whose crawl was cut short by a limit. A run that completed only some searches (`within`: part of
 * the cities or types, or a night whose budget ran out) counts only the listings of those as missed: a run that
 * read Amsterdam through says nothing about Rotterdam.
 */
export function applyWithdrawals(
  sqlite: BetterSqlite3.Database,
  run: SourceRun,
  threshold: number,
  within?: WithdrawalScope,
): number {
  const params = {
    run_id: run.runId,
    source_id: run.sourceId,
    threshold,
    searches: JSON.stringify((within ?? []).map((s) => [s.type, s.cityKey])),
  }
  const ACTIVE = `from observations where source_id = @source_id and status = 'active'`
  const inScope = within
    ? ` and (type, city_key) in (select value ->> 0, value ->> 1 from json_each(@searches))`
    : ''
  sqlite
    .prepare(
      `update observations set missing_runs = missing_runs + 1 where source_id = @source_id and status = 'active' and last_run_id <> @run_id${inScope}`,
    )
    .run(params)
  sqlite
    .prepare(
      `insert or ignore into publish_listings (listing_id) select listing_id ${ACTIVE} and missing_runs >= @threshold and listing_id is not null`,
    )
    .run(params)
  return sqlite
    .prepare(
      `update observations set status = 'withdrawn' where source_id = @source_id and status = 'active' and missing_runs >= @threshold`,
    )
    .run(params).changes
}
