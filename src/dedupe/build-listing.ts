import type BetterSqlite3 from 'better-sqlite3'
import { bagDwellingTypeSql } from '../merge/bag-dwelling-type.js'
import { relistedPriceHistoryJson } from './price-history.js'
import type { TrustRanks } from './trust-ranks.js'

/** Rebuilding more than this share of the listings drops their secondary indexes and builds them again after. */
const BULK_SHARE = 0.5
const BULK_MIN = 10_000

/**
 * Rebuilds every listing in `publish_listings` from its observations, set-based (one group per listing). A listing
 * is active while any source still offers it, and then only its active members count (its pool); among them the
 * source we trust most (by `ranks`, then the most recently seen) gives the price, area and URL; a resolved
 * home takes its address from the BAG; `sources` lists every member in trust order. A listing left without members is
 * deleted. A rebuild of most listings drops their secondary indexes and builds them again after (see below).
 */
export function rebuildListings(
  sqlite: BetterSqlite3.Database,
  now: string,
  generation: number,
  ranks: TrustRanks,
  options: {
    /** Fewest rebuilt listings that take the bulk path (see below); tests lower it. */
    readonly bulkMin?: number
  } = {},
): void {
  sqlite
    .prepare(
      'delete from listings where id in (select listing_id from publish_listings) and not exists (select 1 from observations o where o.listing_id = listings.id)',
    )
    .run()
  withoutSecondaryIndexesIfBulk(sqlite, options.bulkMin ?? BULK_MIN, () =>
    upsertListings(sqlite, now, generation, ranks),
  )
}

/**
 * Runs `write` with the listings' secondary indexes dropped when it rewrites most listings (a first run, a
 * re-parse): five index insertions per row cost more than building the indexes sorted at the end. Inside the publish
 * transaction, so a crash restores them with everything else.
 */
function withoutSecondaryIndexesIfBulk(
  sqlite: BetterSqlite3.Database,
  bulkMin: number,
  write: () => void,
): void {
  const touched = sqlite.prepare('select count(*) from publish_listings').pluck().get() as number
  const total = sqlite.prepare('select count(*) from listings').pluck().get() as number
  if (touched < bulkMin || touched < BULK_SHARE * total) {
    write()
    return
  }
  const indexes = sqlite
    .prepare<[], { name: string; sql: string }>(
      "select name, sql from sqlite_master where type = 'index' and tbl_name = 'listings' and sql is not null",
    )
    .all()
  for (const index of indexes) sqlite.exec(`drop index "${index.name.replaceAll('"', '""')}"`)
  write()
  for (const index of indexes) sqlite.exec(index.sql)
}

/** One member as its listing's `sources` lists it. */
const SOURCE = "json_object('name', o.source_id, 'url', o.url)"
/** The order members are trusted in: source rank (`@ranks`), then the most recently seen. */
const TRUST_ORDER = 'coalesce(p.rank, 1000), o.last_seen desc, o.id'

/**
 * Each rebuilt listing's pool, in the columns the upsert below reads: how many members are active, first and last
 * seen over all members, the winner (the first member in trust order, active ones first), and the pool's BAG object,
 * number, area, listing date, sources and their ids. Each figure is taken over the active members when there are any,
 * else over all of them; the kind of home a member states is taken from the first in trust order that states one,
 * active ones first. `relisted` marks a pool where one source has more than one member (a home it relisted under a new
 * id): its price history then takes in that source's withdrawn members too.
 *
 * Grouped, not windowed: window functions sort every member row, all its columns with it. Listings with one member,
 * most of them, skip the grouping: its ordered aggregates need no order for one row. The two kinds are merged
 * in id order (`limit -1` keeps SQLite from dropping the `order by` of a subquery), so that a first run appends its
 * listings instead of splitting pages.
 *
 * The sources' ranks come in as JSON (`@ranks`, source id to rank), read once into a table of their own.
 */
const POOL = `
  ranks (source_id, rank) as materialized (select key, value from json_each(@ranks)),
  grouped as (
    select m.listing_id,
           sum(o.status = 'active') as active_n,
           min(o.first_seen) as first_seen_all,
           max(o.last_seen) as last_seen_all,
           json_group_array(o.id order by o.status <> 'active', ${TRUST_ORDER}) ->> 0 as winner,
           max(o.bag_vbo_id) filter (where o.status = 'active') as active_bag, max(o.bag_vbo_id) as any_bag,
           max(o.bag_num_id) filter (where o.status = 'active') as active_num, max(o.bag_num_id) as any_num,
           max(o.surface_area) filter (where o.status = 'active') as active_area, max(o.surface_area) as any_area,
           min(o.listed_at) filter (where o.status = 'active') as active_listed, min(o.listed_at) as any_listed,
           json_group_array(${SOURCE} order by ${TRUST_ORDER}) filter (where o.status = 'active') as active_sources,
           json_group_array(${SOURCE} order by ${TRUST_ORDER}) as any_sources,
           json_group_array(distinct o.source_id) filter (where o.status = 'active') as active_ids,
           json_group_array(distinct o.source_id) as any_ids,
           json_group_array(o.dwelling_type order by o.status <> 'active', ${TRUST_ORDER})
             filter (where o.dwelling_type is not null) ->> 0 as stated_dwelling,
           count(*) > count(distinct o.source_id) as relisted
      from publish_listing_members m
      cross join observations o on o.listing_id = m.listing_id
      left join ranks p on p.source_id = o.source_id
     where m.n > 1
     group by m.listing_id
  ),
  pool as (
    select m.listing_id, o.status = 'active' as active_n, o.first_seen as first_seen_all, o.last_seen as last_seen_all,
           o.id as winner, o.bag_vbo_id as pool_bag, o.bag_num_id as pool_num, o.surface_area as pool_area,
           o.listed_at as pool_listed, json_array(${SOURCE}) as sources_json, json_array(o.source_id) as source_ids,
           o.dwelling_type as stated_dwelling, 0 as relisted
      from publish_listing_members m
      cross join observations o on o.listing_id = m.listing_id
     where m.n = 1
    union all
    select listing_id, active_n, first_seen_all, last_seen_all, winner,
           iif(active_n > 0, active_bag, any_bag), iif(active_n > 0, active_num, any_num),
           iif(active_n > 0, active_area, any_area), iif(active_n > 0, active_listed, any_listed),
           iif(active_n > 0, active_sources, any_sources), iif(active_n > 0, active_ids, any_ids), stated_dwelling,
           relisted
      from grouped
    order by 1 limit -1
  )`

/**
 * `formatHouseNumber` of the BAG address `a`, in SQL ("12", "12 A", "12-2", "12 A-2"). Both forms here were JavaScript
 * functions called from SQL, which made reading the resolved listings' addresses slower than this SQL does.
 */
export const HOUSE_NUMBER_SQL = `a.huisnummer || coalesce(' ' || a.huisletter, '') || coalesce('-' || a.toevoeging, '')`

/** `displayPostcode` of the BAG address `a`'s postcode, in SQL ("1234AB" → "1234 AB"; anything else as it is). */
export const DISPLAY_POSTCODE_SQL = `case when a.postcode glob '[0-9][0-9][0-9][0-9][A-Z][A-Z]'
  then substr(a.postcode, 1, 4) || ' ' || substr(a.postcode, 5) else a.postcode end`

/**
 * Writes each pool's listing; a resolved home takes its address from the BAG, and its kind from the BAG when no member
 * states one. Driven from publish_listing_members
 * (cross join fixes the order), so a run that touched few listings reads few. A listing already withdrawn keeps its
 * date through the conflict clause: a subquery on listings here would make SQLite materialise the whole select
 * before inserting.
 */
const UPSERT = `
  with ${POOL}
  insert into listings (id, type, status, bag_id, street, number, postcode, city, city_key, price, surface_area,
                        dwelling_type, source_name, source_url, sources_json, source_ids, price_history_json,
                        listed_at, first_seen, last_seen, withdrawn_at, updated_generation)
  select g.listing_id, w.type, case when g.active_n > 0 then 'active' else 'withdrawn' end, g.pool_bag,
         coalesce(a.street, w.street),
         case when a.num_id is not null then ${HOUSE_NUMBER_SQL} else w.house_number end,
         case when a.num_id is not null then ${DISPLAY_POSTCODE_SQL} else w.postcode end,
         coalesce(a.city, w.city), coalesce(a.city_key, w.city_key), w.price, coalesce(w.surface_area, g.pool_area),
         coalesce(g.stated_dwelling, ${bagDwellingTypeSql('b')}), w.source_id, w.url, g.sources_json, g.source_ids,
         iif(g.relisted, ${relistedPriceHistoryJson('g.listing_id', 'w.source_id', 'w.id')}, w.price_history_json),
         g.pool_listed, g.first_seen_all, g.last_seen_all,
         case when g.active_n > 0 then null else @now end,
         @generation
    from pool g join observations w on w.id = g.winner left join bag_addresses a on a.num_id = g.pool_num
         left join bag_objects b on b.id = g.pool_bag
   where true
  on conflict (id) do update set
    type = excluded.type, status = excluded.status, bag_id = excluded.bag_id, street = excluded.street,
    number = excluded.number, postcode = excluded.postcode, city = excluded.city, city_key = excluded.city_key,
    price = excluded.price, surface_area = excluded.surface_area, dwelling_type = excluded.dwelling_type,
    source_name = excluded.source_name, source_url = excluded.source_url, sources_json = excluded.sources_json,
    source_ids = excluded.source_ids,
    price_history_json = excluded.price_history_json, listed_at = excluded.listed_at,
    first_seen = excluded.first_seen, last_seen = excluded.last_seen,
    withdrawn_at = case when listings.status = 'withdrawn' and excluded.status = 'withdrawn'
                        then coalesce(listings.withdrawn_at, excluded.withdrawn_at) else excluded.withdrawn_at end,
    updated_generation = excluded.updated_generation`

function upsertListings(
  sqlite: BetterSqlite3.Database,
  now: string,
  generation: number,
  ranks: TrustRanks,
): void {
  // Members per listing, from the index alone.
  sqlite.exec(`
    delete from publish_listing_members;
    insert into publish_listing_members (listing_id, n)
    select pl.listing_id, count(*) from publish_listings pl cross join observations o on o.listing_id = pl.listing_id
     group by pl.listing_id;
  `)
  sqlite.prepare(UPSERT).run({ now, generation, ranks: JSON.stringify(ranks) })
}
