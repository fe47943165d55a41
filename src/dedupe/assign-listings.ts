import type BetterSqlite3 from 'better-sqlite3'

/**
 * The identity of the home an observation describes, per offer type, as SQL over `observations o`: its BAG object
 * when resolved; else its normalised postcode and house number, so that unresolved listings on two sites still meet;
 * else the source's own id, which merges with nothing.
 */
export const IDENTITY_KEY_SQL = `case
  when o.bag_vbo_id is not null then 'bag:' || o.bag_vbo_id || ':' || o.type
  when o.address_key is not null then 'adr:' || o.address_key || ':' || o.type
  else 'src:' || o.source_id || ':' || o.source_listing_id || ':' || o.type end`

/**
 * Gives every touched observation the listing id of the home it describes, set-based. An identity seen before keeps
 * its id, so a withdrawn listing that returns gets its old id back. A new identity reuses the observation's previous
 * listing when that whole listing moves with it (a home that just resolved to the BAG keeps its id), and at most
 * one new identity may reuse a listing: two homes never share an id. New ids start above every id ever given, a
 * merged-away one too (it answers as its survivor). Adds the listings whose membership changed to `publish_listings`.
 */
export function assignListings(sqlite: BetterSqlite3.Database): void {
  sqlite.exec(`
    insert into publish_keys (observation_id, old_listing, type, key)
    select o.id, o.listing_id, o.type, ${IDENTITY_KEY_SQL}
      from observations o join publish_touched t on t.observation_id = o.id;

    insert into publish_new_keys (key)
    select k.key from (select distinct key from publish_keys) k
     where not exists (select 1 from listing_identities i where i.identity_key = k.key)
     order by k.key;

    -- Only a key that some observation brought a listing with can reuse one: none on a first run, where looking under
    -- every new key would slow the insert above for nothing.
    update publish_new_keys set reuse =
           (select k2.old_listing from publish_keys k2 join listings l on l.id = k2.old_listing and l.type = k2.type
             where k2.key = publish_new_keys.key
               and not exists (select 1 from observations m where m.listing_id = k2.old_listing
                                 and m.id not in (select observation_id from publish_keys where key = publish_new_keys.key))
             order by k2.observation_id limit 1)
     where key in (select key from publish_keys where old_listing is not null);

    update publish_new_keys set reuse = null where seq in (
      select seq from (select seq, row_number() over (partition by reuse order by seq) as n from publish_new_keys where reuse is not null)
       where n > 1);
  `)
  const base = sqlite
    .prepare(
      `select max(coalesce((select max(listing_id) from listing_identities), 0), coalesce((select max(id) from listings), 0),
                 coalesce((select max(listing_id) from listing_aliases), 0))
              - coalesce((select min(seq) from publish_new_keys), 1) + 1`,
    )
    .pluck()
    .get() as number
  sqlite.prepare('update publish_new_keys set listing_id = coalesce(reuse, @base + seq)').run({ base })
  sqlite.exec(`
    insert into listing_identities (identity_key, listing_id) select key, listing_id from publish_new_keys;

    insert or ignore into publish_listings (listing_id) select old_listing from publish_keys where old_listing is not null;
    insert or ignore into publish_listings (listing_id)
      select i.listing_id from publish_keys k join listing_identities i on i.identity_key = k.key;

    update observations set listing_id = i.listing_id
      from publish_keys k join listing_identities i on i.identity_key = k.key
     where observations.id = k.observation_id and observations.listing_id is not i.listing_id;
  `)
}
