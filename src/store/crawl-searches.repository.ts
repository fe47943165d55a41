import type { Store } from './database.js'

/** A search as the table keeps it: the city and offer type of each search it reads. */
export interface StoredSearch {
  readonly keys: readonly { readonly cityKey: string; readonly type: string }[]
}

/** A source's searches in the order a run walks them, and which it started and completed (the crawl's `SearchLog`). */
export interface SearchRotation {
  /** Least recently completed first, never completed before all, else in the order given. */
  order<S extends StoredSearch>(searches: readonly S[]): readonly S[]
  started(search: StoredSearch): void
  completed(search: StoredSearch): void
}

/**
 * A source's searches as the `crawl_searches` table remembers them for one run. Every write commits at once, outside
 * the run's publish: a run that dies keeps which searches it completed, and the next one starts with the others.
 */
export function createSearchLog(store: Store, sourceId: string, runId: number): SearchRotation {
  const { sqlite } = store
  const upsert = (column: 'last_started_run_id' | 'last_completed_run_id') =>
    sqlite.prepare(
      `insert into crawl_searches (source_id, city_key, type, ${column}, last_completed_at)
       values (@source_id, @city_key, @type, @run_id, @completed_at)
       on conflict (source_id, city_key, type) do update set ${column} = excluded.${column},
         last_completed_at = coalesce(excluded.last_completed_at, last_completed_at)`,
    )
  const statements = { started: upsert('last_started_run_id'), completed: upsert('last_completed_run_id') }
  const write = (statement: keyof typeof statements, search: StoredSearch, completedAt: string | null) => {
    for (const key of search.keys)
      statements[statement].run({
        source_id: sourceId,
        city_key: key.cityKey,
        type: key.type,
        run_id: runId,
        completed_at: completedAt,
      })
  }
  return {
    order(searches) {
      const rows = sqlite
        .prepare(
          'select city_key, type, last_completed_at from crawl_searches where source_id = ? and last_completed_at is not null',
        )
        .all(sourceId) as { city_key: string; type: string; last_completed_at: string }[]
      const completedAt = new Map(rows.map((r) => [`${r.type} ${r.city_key}`, r.last_completed_at]))
      // A chain of several searches is as stale as the stalest of them.
      const at = (s: StoredSearch) =>
        s.keys.map((k) => completedAt.get(`${k.type} ${k.cityKey}`) ?? '').sort()[0] ?? ''
      // A stable sort: searches never completed ('') come first, in the scope's order, then the oldest completed.
      return [...searches].sort((a, b) => at(a).localeCompare(at(b)))
    },
    started: (search) => write('started', search, null),
    completed: (search) => write('completed', search, new Date().toISOString()),
  }
}
