import type BetterSqlite3 from 'better-sqlite3'

/** Each source's trust rank by source id; lower is more trusted. */
export type TrustRanks = Readonly<Record<string, number>>

/**
 * The trust rank of every source that has staged rows or observations, worked out from `priority` once per publish.
 * The listing rebuild reads these ranks as they are (see `rebuildListings`), so the order is bound in one place.
 */
export function trustRanks(
  sqlite: BetterSqlite3.Database,
  priority: (sourceId: string) => number,
): TrustRanks {
  const sources = sqlite
    .prepare(
      'select distinct source_id from stage_observations union select distinct source_id from observations',
    )
    .pluck()
    .all() as string[]
  return Object.fromEntries(sources.map((source) => [source, priority(source)]))
}
