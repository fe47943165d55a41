import { sql } from 'kysely'
import { formatListingId } from '../dedupe/index.js'
import type { ListingRow, VerifiedBy } from '../store/schema.js'

/** The listing columns the API serves. */
export const LISTING_SELECT = [
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
] as const

/**
 * A listing's last verification, read from its observations when it is served rather than written into `listings`:
 * publish rebuilds only the listings that changed, and a crawl verifies most listings without changing them. The
 * newest `verified_at` wins; on a tie (sources verified in the same run) the most thorough check: a detail page
 * read, then a 304 for it, then a search card. Each is one lookup in observations_by_listing.
 */
const newestVerification = (column: 'verified_at' | 'verified_by') =>
  `(select o.${column} from observations o where o.listing_id = listings.id and o.verified_at is not null
     order by o.verified_at desc, case o.verified_by when 'detail' then 0 when 'not-modified' then 1 else 2 end
     limit 1)`

/** The verification columns the API serves with {@link LISTING_SELECT}, as SQL (see `newestVerification`). */
export const VERIFIED_SQL = {
  verified_at: newestVerification('verified_at'),
  verified_by: newestVerification('verified_by'),
} as const

/** What the API reads of a listing: its columns and its last verification. */
export const LISTING_FIELDS = [
  ...LISTING_SELECT,
  sql<string | null>`${sql.raw(VERIFIED_SQL.verified_at)}`.as('verified_at'),
  sql<VerifiedBy | null>`${sql.raw(VERIFIED_SQL.verified_by)}`.as('verified_by'),
] as const

/**
 * The order of listings, newest first: by the date the site gives (those without one after those with one: SQLite
 * sorts nulls last when descending), then the most recently first seen, then id, so that pages never overlap. The
 * listings_newest indexes hold this order, so a page is read from them without sorting.
 */
export const NEWEST_FIRST = 'listed_at desc, first_seen desc, id desc'

/** A listing row as read for the API. */
export type ListingFields = Pick<ListingRow, (typeof LISTING_SELECT)[number]> & {
  readonly verified_at: string | null
  readonly verified_by: VerifiedBy | null
}

const str = JSON.stringify

/**
 * A listing row as the API's JSON. Written by hand rather than with JSON.stringify of an object: the row already
 * holds `sources` and `price_history` as JSON, and splicing them in saves a parse and a serialise per listing.
 */
export function listingJson(row: ListingFields): string {
  return (
    `{"id":${str(formatListingId(row.id))},"type":${str(row.type)},"status":${str(row.status)},` +
    `"address":{"street":${str(row.street)},"number":${str(row.number)},"city":${str(row.city)},"postcode":${str(row.postcode)}},` +
    `"price":${str(row.price)},"surface_area":${str(row.surface_area)},"bag_id":${str(row.bag_id)},` +
    `"source":{"name":${str(row.source_name)},"url":${str(row.source_url)}},"sources":${row.sources_json},` +
    `"price_history":${row.price_history_json},"listed_at":${str(row.listed_at)},"first_seen":${str(row.first_seen)},` +
    `"last_seen":${str(row.last_seen)},"verified_at":${str(row.verified_at)},"verified_by":${str(row.verified_by)}}`
  )
}
