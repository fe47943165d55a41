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
  'dwelling_type',
  'source_name',
  'source_url',
  'sources_json',
  'price_history_json',
  'listed_at',
  'first_seen',
  'last_seen',
  'max_legal_rent_low',
  'max_legal_rent_high',
  'above_legal_max',
  'above_legal_max_reason',
] as const

/** How thorough each way of verifying a listing is, least first; a digit each (see {@link VERIFICATION_SQL}). */
const THOROUGHNESS = [
  null,
  'list',
  'not-modified',
  'detail',
] as const satisfies readonly (VerifiedBy | null)[]

/** The digit of an observation's `verified_by` in {@link THOROUGHNESS}, in SQL: 0 when it is not known. */
const THOROUGHNESS_SQL = `case o.verified_by ${THOROUGHNESS.map((by, digit) => `when '${by}' then '${digit}'`)
  .slice(1)
  .join(' ')} else '0' end`

/**
 * A listing's last verification, read from its observations when it is served rather than written into `listings`:
 * publish rebuilds only the listings that changed, and a crawl verifies most listings without changing them. The
 * newest `verified_at` wins; on a tie (sources verified in the same run) the most thorough check. Both are found by
 * one `max()` over `verified_at` followed by its check's digit in {@link THOROUGHNESS} (every `verified_at` is an
 * ISO time of the same length, so the time decides first): one lookup in observations_by_listing, without a sort.
 */
export const VERIFICATION_SQL = `(select max(o.verified_at || ${THOROUGHNESS_SQL}) from observations o where o.listing_id = listings.id)`

/** What the API reads of a listing: its columns and its last verification. */
export const LISTING_FIELDS = [
  ...LISTING_SELECT,
  sql<string | null>`${sql.raw(VERIFICATION_SQL)}`.as('verification'),
] as const

/**
 * The order of listings, newest first: by the date the site gives (those without one after those with one: SQLite
 * sorts nulls last when descending), then the most recently first seen, then id, so that pages never overlap. The
 * listings_newest indexes hold this order, so a page is read from them without sorting.
 */
export const NEWEST_FIRST = 'listed_at desc, first_seen desc, id desc'

/** {@link NEWEST_FIRST} in PostgreSQL, which sorts nulls first when descending unless told. */
export const POSTGRES_NEWEST_FIRST = 'listed_at desc nulls last, first_seen desc, id desc'

/** {@link LISTING_FIELDS} in a PostgreSQL replica, where the verification is a column copied with the listing. */
export const POSTGRES_LISTING_FIELDS = [
  ...LISTING_SELECT,
  sql<string | null>`verification`.as('verification'),
] as const

/** A listing row as read for the API. */
export type ListingFields = Pick<ListingRow, (typeof LISTING_SELECT)[number]> & {
  /** `verified_at` and the digit of `verified_by` in one string, or null (see {@link VERIFICATION_SQL}). */
  readonly verification: string | null
}

const str = JSON.stringify

/** A listing's last verification, when and how, from its {@link VERIFICATION_SQL} string; both null when unknown. */
export function readVerification(verification: string | null): {
  verifiedAt: string | null
  verifiedBy: VerifiedBy | null
} {
  if (verification === null) return { verifiedAt: null, verifiedBy: null }
  return {
    verifiedAt: verification.slice(0, -1),
    verifiedBy: THOROUGHNESS[Number(verification.at(-1))] ?? null,
  }
}

/**
 * A listing row as the API's JSON. Written by hand rather than with JSON.stringify of an object: the row already
 * holds `sources` and `price_history` as JSON, and splicing them in saves a parse and a serialise per listing.
 */
export function listingJson(row: ListingFields): string {
  const { verifiedAt, verifiedBy } = readVerification(row.verification)
  return (
    `{"id":${str(formatListingId(row.id))},"type":${str(row.type)},"status":${str(row.status)},` +
    `"address":{"street":${str(row.street)},"number":${str(row.number)},"city":${str(row.city)},"postcode":${str(row.postcode)}},` +
    `"price":${str(row.price)},"surface_area":${str(row.surface_area)},"dwelling_type":${str(row.dwelling_type)},` +
    `"bag_id":${str(row.bag_id)},` +
    `"source":{"name":${str(row.source_name)},"url":${str(row.source_url)}},"sources":${row.sources_json},` +
    `"price_history":${row.price_history_json},"listed_at":${str(row.listed_at)},"first_seen":${str(row.first_seen)},` +
    `"last_seen":${str(row.last_seen)},"verified_at":${str(verifiedAt)},"verified_by":${str(verifiedBy)}` +
    `${row.type === 'rent' ? legalRentJson(row) : ''}}`
  )
}

/**
 * A rental's legal maximum rent and whether its asked rent is above it, as stored at publish: `above_legal_max` true
 * only above the high end, false within the low end, else null with `above_legal_max_reason`.
 */
function legalRentJson(row: ListingFields): string {
  const max =
    row.max_legal_rent_low === null
      ? 'null'
      : `{"low":${row.max_legal_rent_low},"high":${str(row.max_legal_rent_high)}}`
  const above = row.above_legal_max === null ? 'null' : String(row.above_legal_max === 1)
  return `,"max_legal_rent":${max},"above_legal_max":${above},"above_legal_max_reason":${str(row.above_legal_max_reason)}`
}
