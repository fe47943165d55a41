import type BetterSqlite3 from 'better-sqlite3'

/**
 * Connection-local scratch tables of one publish: which observations changed, which listings and homes must be
 * rebuilt, and the source trust order. Publishing works set-based over these instead of row by row in JavaScript,
 * which is what lets it keep up with national volumes.
 */
const SCRATCH = `
  create temp table if not exists publish_touched (observation_id integer primary key);
  create temp table if not exists publish_staged (stage_rowid integer primary key, observation_id integer not null,
    changed integer not null, repriced integer not null, reactivated integer not null);
  create temp table if not exists publish_listings (listing_id integer primary key);
  -- Filled, and emptied first, by each listing rebuild (build-listing.ts).
  create temp table if not exists publish_listing_members (listing_id integer primary key, n integer not null);
  create temp table if not exists publish_homes (bag_id text primary key) without rowid;
  create temp table if not exists publish_priority (source_id text primary key, rank integer not null) without rowid;
  create temp table if not exists publish_keys (observation_id integer primary key, old_listing integer, type text not null, key text not null);
  create temp table if not exists publish_new_keys (seq integer primary key, key text not null unique, reuse integer, listing_id integer);
  create index if not exists publish_keys_by_key on publish_keys (key);
  delete from publish_touched;
  delete from publish_staged;
  delete from publish_listings;
  delete from publish_homes;
  delete from publish_priority;
  delete from publish_keys;
  delete from publish_new_keys;
`

/** Empties the scratch tables and records the trust rank of every source that has observations. */
export function preparePublishScratch(
  sqlite: BetterSqlite3.Database,
  priority: (sourceId: string) => number,
): void {
  sqlite.exec(SCRATCH)
  const insert = sqlite.prepare('insert into publish_priority (source_id, rank) values (?, ?)')
  const sources = sqlite
    .prepare(
      'select distinct source_id from stage_observations union select distinct source_id from observations',
    )
    .pluck()
    .all() as string[]
  for (const source of sources) insert.run(source, priority(source))
}
