import type { Store } from './database.js'
import type { PublicationTable } from './schema.js'

/** The published generation: the API serves exactly this, and ETags are tied to it. */
export function readPublication(store: Store): PublicationTable {
  return store.sqlite.prepare('select * from publication where id = 1').get() as PublicationTable
}

/**
 * Makes a new generation visible. Call inside the publishing transaction, last: until it commits, readers keep
 * the previous generation's snapshot.
 */
export function bumpGeneration(store: Store, runId: number | null, now: string): number {
  const { generation } = readPublication(store)
  const next = generation + 1
  store.sqlite
    .prepare('update publication set generation = @next, run_id = @run_id, published_at = @now where id = 1')
    .run({ next, run_id: runId, now })
  return next
}

/** The `listing_counts` key meaning "any city" or "any type"; city keys never contain '#'. */
export const ANY_KEY = '#all'

/**
 * Rewrites `listing_counts`: active listings per (city, type), with `#all` rows for "any city" and "any type", so
 * the API answers `meta.total` for those filters with one primary-key lookup.
 */
export function rebuildListingCounts(store: Store): void {
  store.sqlite.exec(`
    delete from listing_counts;
    insert into listing_counts (city_key, type, n)
      select coalesce(city_key, ''), type, count(*) from listings where status = 'active' group by 1, 2;
    insert into listing_counts (city_key, type, n)
      select city_key, '#all', sum(n) from listing_counts group by city_key;
    insert into listing_counts (city_key, type, n)
      select '#all', type, sum(n) from listing_counts where type <> '#all' group by type;
    insert into listing_counts (city_key, type, n)
      select '#all', '#all', coalesce(sum(n), 0) from listing_counts where city_key <> '#all' and type <> '#all';
  `)
}

/** Reads a value from `meta`. */
export function readMeta(store: Store, key: string): string | undefined {
  return (
    store.sqlite.prepare('select value from meta where key = ?').get(key) as { value: string } | undefined
  )?.value
}

/** Writes a value to `meta`. */
export function writeMeta(store: Store, key: string, value: string): void {
  store.sqlite
    .prepare(
      'insert into meta (key, value) values (?, ?) on conflict (key) do update set value = excluded.value',
    )
    .run(key, value)
}
