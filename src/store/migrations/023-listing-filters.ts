import { type Kysely, sql } from 'kysely'

/** The columns the API filters listings by, beside `status` and those an index leads with. */
const FILTERED = ['type', 'city_key', 'price', 'surface_area', 'dwelling_type', 'source_ids', 'listed_at']

/**
 * The listings' search indexes, each led by the columns it seeks on and ending with every other filtered column, so
 * that any combination of filters is answered from an index alone: a count reads index entries, and a page reads the
 * rows of the listings it shows only. Two hold the API's order (newest first), two seek price ranges.
 */
const SEARCH_INDEXES: Readonly<Record<string, readonly string[]>> = {
  listings_newest: ['status', 'listed_at desc', 'first_seen desc', 'id desc'],
  listings_city_newest: ['status', 'city_key', 'listed_at desc', 'first_seen desc', 'id desc'],
  listings_type_price: ['status', 'type', 'price'],
  listings_city_type_price: ['status', 'city_key', 'type', 'price'],
}

/**
 * Listings get what the API filters them by beside city, type and price: `dwelling_type`, the kind of home (what its
 * sources state, the most trusted first; else the BAG's reading of the home: a home in a building with several homes
 * is an apartment, else a house), and `source_ids`, the ids of the sources its `sources` lists, as a JSON array. The
 * search indexes take every filtered column (see {@link SEARCH_INDEXES}).
 *
 * Existing listings are filled from what they already hold: their sources in `sources_json` order (the order of
 * trust) and then any other member, the BAG object they resolved to. The rules are written out here, as they stood,
 * rather than imported: a migration must not change when the pipeline's code does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('listings').addColumn('dwelling_type', 'text').execute()
  await db.schema
    .alterTable('listings')
    .addColumn('source_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await sql`
    update listings set
      source_ids = (select json_group_array(distinct s.value ->> 'name') from json_each(listings.sources_json) s),
      dwelling_type = coalesce(
        (select o.dwelling_type from json_each(listings.sources_json) s
           join observations o on o.listing_id = listings.id and o.source_id = s.value ->> 'name'
                              and o.url = s.value ->> 'url'
          where o.dwelling_type is not null order by s.key limit 1),
        (select o.dwelling_type from observations o
          where o.listing_id = listings.id and o.dwelling_type is not null
          order by o.status <> 'active', o.last_seen desc, o.id limit 1),
        (select case when instr(b.gebruiksdoel, 'woonfunctie') > 0
                     then iif(coalesce(b.dwellings, 1) > 1, 'apartment', 'house') end
           from bag_objects b where b.id = listings.bag_id))`.execute(db)
  for (const [name, key] of Object.entries(SEARCH_INDEXES)) {
    const seeks = key.map((column) => column.split(' ')[0])
    const columns = [...key, ...FILTERED.filter((column) => !seeks.includes(column))]
    await sql`drop index if exists ${sql.ref(name)}`.execute(db)
    await sql`create index ${sql.ref(name)} on listings (${sql.raw(columns.map(quoted).join(', '))})`.execute(
      db,
    )
  }
}

/** `column` or `column desc`, its name quoted. */
const quoted = (column: string) => column.replace(/^\w+/, (name) => `"${name}"`)
