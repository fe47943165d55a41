import type BetterSqlite3 from 'better-sqlite3'
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

// The join every statement below shares: a staged row and the observation of the same source listing, if any.
const STAGED = `stage_observations s where s.run_id = @run_id and s.source_id = @source_id`
const SAME = `o.source_id = s.source_id and o.source_listing_id = s.source_listing_id`

/**
 * Moves one source's staged rows into `observations`, set-based: new ones are inserted, changed ones updated (a
 * price change adds a price-history row), unchanged ones only get their last-seen time; a returning listing is
 * reactivated. Changed, new and returning observations go into `publish_touched`; the homes they described before
 * and after into `publish_homes`, since their golden records may change.
 */
export function applyStagedObservations(sqlite: BetterSqlite3.Database, run: SourceRun): ObservationChanges {
  const params = { run_id: run.runId, source_id: run.sourceId, now: run.now }
  const counts = sqlite
    .prepare(
      `select count(*) filter (where o.id is null) as new,
              count(*) filter (where o.id is not null and ${OBSERVATION_CHANGED}) as updated
         from stage_observations s left join observations o on ${SAME}
        where s.run_id = @run_id and s.source_id = @source_id`,
    )
    .get(params) as ObservationChanges
  // The homes changed observations described before this run: their golden records lose these facts.
  sqlite
    .prepare(
      `insert or ignore into publish_homes (bag_id)
       select o.bag_vbo_id from stage_observations s join observations o on ${SAME}
        where s.run_id = @run_id and s.source_id = @source_id and ${OBSERVATION_CHANGED} and o.bag_vbo_id is not null`,
    )
    .run(params)
  sqlite
    .prepare(
      `insert or ignore into publish_touched (observation_id)
       select o.id from stage_observations s join observations o on ${SAME}
        where s.run_id = @run_id and s.source_id = @source_id and (${OBSERVATION_CHANGED} or o.status <> 'active')`,
    )
    .run(params)
  sqlite
    .prepare(
      `insert or ignore into price_history (observation_id, observed_at, price, run_id)
       select o.id, @now, s.price, @run_id from stage_observations s join observations o on ${SAME}
        where s.run_id = @run_id and s.source_id = @source_id and o.price is not s.price`,
    )
    .run(params)
  sqlite
    .prepare(
      `update observations set price_history_json = ${priceHistoryJson('observations.id')}
        where id in (select o.id from stage_observations s join observations o on ${SAME}
                      where s.run_id = @run_id and s.source_id = @source_id and o.price is not s.price)`,
    )
    .run(params)
  sqlite
    .prepare(
      `update observations set ${OBSERVED_COLUMNS.map((c) => `${c} = s.${c}`).join(', ')},
              last_seen = @now, last_run_id = @run_id, missing_runs = 0, status = 'active'
         from stage_observations s
        where s.run_id = @run_id and s.source_id = @source_id
          and observations.source_id = s.source_id and observations.source_listing_id = s.source_listing_id`,
    )
    .run(params)
  sqlite
    .prepare(
      `insert into observations (source_id, source_listing_id, ${OBSERVED_COLUMNS.join(', ')}, first_seen, last_seen, last_run_id, missing_runs, status, price_history_json)
       select s.source_id, s.source_listing_id, ${OBSERVED_COLUMNS.map((c) => `s.${c}`).join(', ')}, @now, @now, @run_id, 0, 'active',
              ${firstPriceHistoryJson('@now', 's.price')}
         from ${STAGED}
       on conflict (source_id, source_listing_id) do nothing`,
    )
    .run(params)
  // New rows are the ones first seen now; their first price starts their history.
  const NEW = `from observations where source_id = @source_id and first_seen = @now and last_run_id = @run_id`
  sqlite.prepare(`insert or ignore into publish_touched (observation_id) select id ${NEW}`).run(params)
  sqlite
    .prepare(
      `insert or ignore into price_history (observation_id, observed_at, price, run_id) select id, @now, price, @run_id ${NEW}`,
    )
    .run(params)
  sqlite
    .prepare(
      `insert or ignore into publish_homes (bag_id) select o.bag_vbo_id from observations o
         join publish_touched t on t.observation_id = o.id where o.source_id = @source_id and o.bag_vbo_id is not null`,
    )
    .run({ source_id: run.sourceId })
  return counts
}

/** The part of a source a run crawled, when it was not all of it: offer types and city keys. */
export interface WithdrawalScope {
  readonly types: readonly string[]
  readonly cityKeys: readonly string[]
}

/**
 * After a source completed successfully, its listings not seen in this run count one more missed run; at
 * `threshold` missed runs they are withdrawn and their listings rebuilt. Never called for a source that failed or
 * was blocked, or whose crawl was cut short. A run over part of the source (`within`) counts only the listings in
 * that part as missed: a run over Amsterdam says nothing about Rotterdam.
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
    types: JSON.stringify(within?.types ?? []),
    city_keys: JSON.stringify(within?.cityKeys ?? []),
  }
  const ACTIVE = `from observations where source_id = @source_id and status = 'active'`
  const inScope = within
    ? ` and type in (select value from json_each(@types)) and city_key in (select value from json_each(@city_keys))`
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
