import type { Search, SearchKey, SearchLog } from '../crawl/search-frontier.js'
import type { Store } from './database.js'

/**
 * A source's searches as the `crawl_searches` table remembers them for one run. Every write commits at once, outside
 * the run's publish: a run that dies keeps which searches it completed, and the next one starts with the others.
 */
export function createSearchLog(store: Store, sourceId: string, runId: number): SearchLog {
  const { sqlite } = store
  const upsert = (column: string, key: SearchKey, completedAt: string | null) =>
    sqlite
      .prepare(
        `insert into crawl_searches (source_id, city_key, type, ${column}, last_completed_at)
         values (@source_id, @city_key, @type, @run_id, @completed_at)
         on conflict (source_id, city_key, type) do update set ${column} = excluded.${column},
           last_completed_at = coalesce(excluded.last_completed_at, last_completed_at)`,
      )
      .run({
        source_id: sourceId,
        city_key: key.cityKey,
        type: key.type,
        run_id: runId,
        completed_at: completedAt,
      })
  return {
    order(searches: readonly Search[]): readonly Search[] {
      const rows = sqlite
        .prepare(
          'select city_key, type, last_completed_at from crawl_searches where source_id = ? and last_completed_at is not null',
        )
        .all(sourceId) as { city_key: string; type: string; last_completed_at: string }[]
      const completedAt = new Map(rows.map((r) => [`${r.type} ${r.city_key}`, r.last_completed_at]))
      const at = (s: SearchKey) => completedAt.get(`${s.type} ${s.cityKey}`) ?? ''
      // A stable sort: searches never completed ('') come first, in the scope's order, then the oldest completed.
      return [...searches].sort((a, b) => at(a).localeCompare(at(b)))
    },
    started: (key) => upsert('last_started_run_id', key, null),
    completed: (key) => upsert('last_completed_run_id', key, new Date().toISOString()),
  }
}
