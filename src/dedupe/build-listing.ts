import type BetterSqlite3 from 'better-sqlite3'

/** Rebuilding more than this share of the listings drops their secondary indexes and builds them again after. */
const BULK_SHARE = 0.5
const BULK_MIN = 10_000

/** Price points kept on a listing; older ones stay in `price_history`. */
const PRICE_HISTORY_KEPT = 50

/**
 * Rebuilds every listing in `publish_listings` from its observations, set-based (window functions rank each
 * listing's members). A listing is active while any source still offers it; among its members the source we trust
 * most (by `publish_priority`, then the most recently seen) gives the price, area and URL; a resolved home takes its
 * address from the BAG; `sources` lists every member in trust order. A listing left without members is deleted.
 */
export function rebuildListings(
  sqlite: BetterSqlite3.Database,
  now: string,
  generation: number,
  /** Fewest rebuilt listings that take the bulk path (see below); tests lower it. */
  bulkMin = BULK_MIN,
): void {
  sqlite
    .prepare(
      'delete from listings where id in (select listing_id from publish_listings) and not exists (select 1 from observations o where o.listing_id = listings.id)',
    )
    .run()
  withoutSecondaryIndexesIfBulk(sqlite, bulkMin, () => upsertListings(sqlite, now, generation))
}

/**
 * Runs `write` with the listings' secondary indexes dropped when it rewrites most listings (a first run, a
 * re-parse): five index insertions per row cost more than building the indexes sorted at the end (national first
 * run: 5.3 s → 4.1 s). Inside the publish transaction, so a crash restores them with everything else.
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

function upsertListings(sqlite: BetterSqlite3.Database, now: string, generation: number): void {
  sqlite
    .prepare(
      `with members as (
         select o.id, o.listing_id, o.source_id, o.url, o.type, o.price, o.surface_area, o.street, o.house_number,
                o.postcode, o.city, o.city_key, o.listed_at, o.bag_vbo_id, o.bag_num_id, o.first_seen, o.last_seen,
                o.status, coalesce(p.rank, 1000) as rank,
                sum(o.status = 'active') over (partition by o.listing_id) as active_n,
                min(o.first_seen) over (partition by o.listing_id) as first_seen_all,
                max(o.last_seen) over (partition by o.listing_id) as last_seen_all
           from observations o
           join publish_listings pl on pl.listing_id = o.listing_id
           left join publish_priority p on p.source_id = o.source_id
       ),
       pool as (
         -- One window for everything: each further window definition costs SQLite another sort.
         select m.*,
                row_number() over trust as rn,
                max(bag_vbo_id) over trust as pool_bag,
                max(bag_num_id) over trust as pool_num,
                max(surface_area) over trust as pool_area,
                min(listed_at) over trust as pool_listed,
                json_group_array(json_object('name', source_id, 'url', url)) over trust as sources_json
           from members m
          where m.status = 'active' or m.active_n = 0
         window trust as (partition by listing_id order by rank, last_seen desc, id
                          rows between unbounded preceding and unbounded following)
       )
       insert into listings (id, type, status, bag_id, street, number, postcode, city, city_key, price, surface_area,
                             source_name, source_url, sources_json, price_history_json, listed_at, first_seen, last_seen,
                             withdrawn_at, updated_generation)
       select p.listing_id, p.type, case when p.active_n > 0 then 'active' else 'withdrawn' end, p.pool_bag,
              coalesce(a.street, p.street),
              case when a.num_id is not null then format_house_number(a.huisnummer, a.huisletter, a.toevoeging) else p.house_number end,
              case when a.num_id is not null then display_postcode(a.postcode) else p.postcode end,
              coalesce(a.city, p.city), coalesce(a.city_key, p.city_key), p.price, coalesce(p.surface_area, p.pool_area),
              p.source_id, p.url, p.sources_json,
              (select json_group_array(json_object('observed_at', observed_at, 'price', price))
                 from (select observed_at, price from (select observed_at, price from price_history
                        where observation_id = p.id order by observed_at desc limit ${PRICE_HISTORY_KEPT}) order by observed_at)),
              coalesce(p.pool_listed, p.first_seen_all), p.first_seen_all, p.last_seen_all,
              case when p.active_n > 0 then null else coalesce((select withdrawn_at from listings old where old.id = p.listing_id and old.status = 'withdrawn'), @now) end,
              @generation
         from pool p left join bag_addresses a on a.num_id = p.pool_num
        where p.rn = 1
       on conflict (id) do update set
         type = excluded.type, status = excluded.status, bag_id = excluded.bag_id, street = excluded.street,
         number = excluded.number, postcode = excluded.postcode, city = excluded.city, city_key = excluded.city_key,
         price = excluded.price, surface_area = excluded.surface_area, source_name = excluded.source_name,
         source_url = excluded.source_url, sources_json = excluded.sources_json,
         price_history_json = excluded.price_history_json, listed_at = excluded.listed_at,
         first_seen = excluded.first_seen, last_seen = excluded.last_seen, withdrawn_at = excluded.withdrawn_at,
         updated_generation = excluded.updated_generation`,
    )
    .run({ now, generation })
}
