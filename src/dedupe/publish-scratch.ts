import type BetterSqlite3 from 'better-sqlite3'

/**
 * Connection-local scratch tables of one publish: which observations changed, which listings and homes must be
 * rebuilt. Publishing works set-based over these instead of row by row in JavaScript, which is what lets it keep up
 * with national volumes.
 */
const SCRATCH = `
  create temp table if not exists publish_touched (observation_id integer primary key);
  create temp table if not exists publish_staged (stage_rowid integer primary key, observation_id integer not null,
    changed integer not null, repriced integer not null, reactivated integer not null);
  create temp table if not exists publish_listings (listing_id integer primary key);
  -- Filled, and emptied first, by each listing rebuild (build-listing.ts).
  create temp table if not exists publish_listing_members (listing_id integer primary key, n integer not null);
  create temp table if not exists publish_homes (bag_id text primary key) without rowid;
  create temp table if not exists publish_keys (observation_id integer primary key, old_listing integer, type text not null, key text not null);
  create temp table if not exists publish_new_keys (seq integer primary key, key text not null unique, reuse integer, listing_id integer);
  create temp table if not exists publish_merges (listing_id integer primary key, survivor_id integer not null);
  create index if not exists publish_keys_by_key on publish_keys (key);
  delete from publish_touched;
  delete from publish_staged;
  delete from publish_listings;
  delete from publish_homes;
  delete from publish_keys;
  delete from publish_new_keys;
  delete from publish_merges;
`

/** Makes the scratch tables, empty. */
export function preparePublishScratch(sqlite: BetterSqlite3.Database): void {
  sqlite.exec(SCRATCH)
}
