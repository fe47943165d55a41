import { formatHouseNumber } from '../normalise/index.js'
import type { Store } from '../store/database.js'
import { param, prepareQuery } from '../store/prepared.js'
import type { ListingTable, ObservationRow } from '../store/schema.js'

type Member = Pick<
  ObservationRow,
  | 'id'
  | 'source_id'
  | 'url'
  | 'type'
  | 'price'
  | 'surface_area'
  | 'street'
  | 'house_number'
  | 'postcode'
  | 'city'
  | 'city_key'
  | 'listed_at'
  | 'bag_vbo_id'
  | 'bag_num_id'
  | 'first_seen'
  | 'last_seen'
  | 'status'
>

interface BagAddressRow {
  street: string
  huisnummer: number
  huisletter: string | null
  toevoeging: string | null
  postcode: string | null
  city: string
  city_key: string
}

/** Prepares the statements that rebuild listing rows from their member observations. */
export function prepareListingStatements(store: Store) {
  const { db, sqlite } = store
  return {
    members: prepareQuery<{ listing_id: number }, Member>(
      sqlite,
      db
        .selectFrom('observations')
        .select([
          'id',
          'source_id',
          'url',
          'type',
          'price',
          'surface_area',
          'street',
          'house_number',
          'postcode',
          'city',
          'city_key',
          'listed_at',
          'bag_vbo_id',
          'bag_num_id',
          'first_seen',
          'last_seen',
          'status',
        ])
        .where('listing_id', '=', param('listing_id')),
    ),
    current: prepareQuery<{ id: number }, Pick<ListingTable, 'status' | 'withdrawn_at'>>(
      sqlite,
      db.selectFrom('listings').select(['status', 'withdrawn_at']).where('id', '=', param('id')),
    ),
    bagAddress: prepareQuery<{ num_id: string }, BagAddressRow>(
      sqlite,
      db
        .selectFrom('bag_addresses')
        .select(['street', 'huisnummer', 'huisletter', 'toevoeging', 'postcode', 'city', 'city_key'])
        .where('num_id', '=', param('num_id')),
    ),
    upsert: prepareQuery<ListingTable>(
      sqlite,
      db
        .insertInto('listings')
        .values(Object.fromEntries(LISTING_COLUMNS.map((c) => [c, param(c)])) as never)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet((eb) =>
              Object.fromEntries(LISTING_COLUMNS.slice(1).map((c) => [c, eb.ref(`excluded.${c}`)])),
            ),
        ),
    ),
    remove: prepareQuery<{ id: number }>(sqlite, db.deleteFrom('listings').where('id', '=', param('id'))),
    priceHistory: prepareQuery<{ observation_id: number }, { observed_at: string; price: number | null }>(
      sqlite,
      db
        .selectFrom('price_history')
        .select(['observed_at', 'price'])
        .where('observation_id', '=', param('observation_id'))
        .orderBy('observed_at'),
    ),
  }
}

const LISTING_COLUMNS = [
  'id',
  'type',
  'status',
  'bag_id',
  'street',
  'number',
  'postcode',
  'city',
  'city_key',
  'price',
  'surface_area',
  'source_name',
  'source_url',
  'sources_json',
  'price_history_json',
  'listed_at',
  'first_seen',
  'last_seen',
  'withdrawn_at',
  'updated_generation',
] as const satisfies readonly (keyof ListingTable)[]

/** BAG stores "1234AB"; the API shows "1234 AB". */
const displayPostcode = (pc: string | null) =>
  pc && /^\d{4}[A-Z]{2}$/.test(pc) ? `${pc.slice(0, 4)} ${pc.slice(4)}` : pc

/**
 * Rebuilds one listing from its observations. It is active while any source still offers it; the source we trust
 * most (by `priority`, then the most recently seen) gives the price, area and URL; a resolved home takes its
 * address from the BAG. Returns the bag ids the listing had before and after, whose golden records may change.
 */
export function rebuildListing(
  statements: ReturnType<typeof prepareListingStatements>,
  listingId: number,
  priority: (sourceId: string) => number,
  now: string,
  generation: number,
): string[] {
  const members = statements.members.all({ listing_id: listingId })
  if (members.length === 0) {
    statements.remove.run({ id: listingId })
    return []
  }
  const active = members.filter((m) => m.status === 'active')
  const pool = (active.length > 0 ? active : members).sort(
    (a, b) =>
      priority(a.source_id) - priority(b.source_id) || b.last_seen.localeCompare(a.last_seen) || a.id - b.id,
  )
  const primary = pool[0]!
  const bagId = pool.find((m) => m.bag_vbo_id)?.bag_vbo_id ?? null
  const numId = pool.find((m) => m.bag_num_id)?.bag_num_id ?? null
  const bag = numId ? statements.bagAddress.get({ num_id: numId }) : undefined
  const previous = statements.current.get({ id: listingId })
  const status = active.length > 0 ? 'active' : 'withdrawn'
  const earliest = (values: (string | null)[]) =>
    values.filter((v): v is string => v !== null).sort()[0] ?? null
  const firstSeen = earliest(members.map((m) => m.first_seen)) ?? now
  statements.upsert.run({
    id: listingId,
    type: primary.type,
    status,
    bag_id: bagId,
    street: bag?.street ?? primary.street,
    number: bag
      ? formatHouseNumber({
          huisnummer: bag.huisnummer,
          huisletter: bag.huisletter,
          toevoeging: bag.toevoeging,
        })
      : primary.house_number,
    postcode: bag ? displayPostcode(bag.postcode) : primary.postcode,
    city: bag?.city ?? primary.city,
    city_key: bag?.city_key ?? primary.city_key,
    price: primary.price,
    surface_area: primary.surface_area ?? pool.find((m) => m.surface_area !== null)?.surface_area ?? null,
    source_name: primary.source_id,
    source_url: primary.url,
    sources_json: JSON.stringify(pool.map((m) => ({ name: m.source_id, url: m.url }))),
    price_history_json: JSON.stringify(
      statements.priceHistory.all({ observation_id: primary.id }).slice(-50),
    ),
    listed_at: earliest(pool.map((m) => m.listed_at)) ?? firstSeen,
    first_seen: firstSeen,
    last_seen:
      members
        .map((m) => m.last_seen)
        .sort()
        .at(-1) ?? now,
    withdrawn_at: status === 'active' ? null : previous?.status === 'withdrawn' ? previous.withdrawn_at : now,
    updated_generation: generation,
  })
  return [...new Set(members.map((m) => m.bag_vbo_id).filter((id): id is string => id !== null))]
}
