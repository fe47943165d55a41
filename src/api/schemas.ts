import { z } from 'zod'
import { DWELLING_TYPES } from '../kit/listing.js'
import { dateSchema, timestampSchema } from './date-schemas.js'
import {
  amountParameter,
  choiceParameter,
  dateParameter,
  patternParameter,
  textParameter,
  wholeNumberParameter,
} from './parameter-schemas.js'

/** A BAG id: a verblijfsobject, ligplaats, standplaats or nummeraanduiding, 16 digits. */
export const BAG_ID = /^\d{16}$/
/** A listing's public id (see parseListingId). */
const LISTING_ID = /^lis_[1-9]\d{0,15}$/
/** A postcode as the API writes it. */
const POSTCODE = /^[1-9]\d{3} [A-Z]{2}$/

/** The largest price a filter takes: twelve digits of euros. */
const MAX_PRICE = 999_999_999_999
/** The largest living area a filter takes, in m²: no listing states more (see the kit's listing schema). */
const MAX_AREA = 100_000
/** A source id as sources are named, in either case: letters, digits and hyphens (`funda`, `verra-makelaars`). */
const SOURCE_ID = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/

/** The ranges of `GET /v1/listings`, each a lower and an upper bound; a lower bound above its upper bound is a 400. */
const RANGES = [
  ['min_price', 'max_price'],
  ['min_surface_area', 'max_surface_area'],
] as const

/** `GET /v1/listings` query parameters: unknown, repeated or malformed ones are a 400 that names them. */
export const listingsQuerySchema = z
  .strictObject({
    city: textParameter('city', 100)
      .optional()
      .describe("City name, case-insensitive; aliases match ('s-Gravenhage = Den Haag)."),
    min_price: amountParameter('min_price', MAX_PRICE)
      .optional()
      .describe('Minimum price in EUR (inclusive; per month for rent).'),
    max_price: amountParameter('max_price', MAX_PRICE)
      .optional()
      .describe('Maximum price in EUR (inclusive; per month for rent).'),
    type: choiceParameter('type', ['rent', 'buy']).optional().describe('rent or buy.'),
    dwelling_type: choiceParameter('dwelling_type', DWELLING_TYPES)
      .optional()
      .describe(
        "Extension: the kind of home, as each listing's dwelling_type gives it: apartment, house, room, studio or other. Listings whose kind is not known (null) are left out.",
      ),
    source: patternParameter(
      'source',
      SOURCE_ID,
      'a source id, as funda or verra-makelaars (see GET /v1/sources)',
    )
      .max(100)
      .toLowerCase()
      .optional()
      .describe(
        "Extension: a source id (as GET /v1/sources lists them), case-insensitive: listings that source shows, whether or not it is the one trusted most (each listing's sources). An id no source has finds nothing, as an unknown city does.",
      ),
    min_surface_area: amountParameter('min_surface_area', MAX_AREA, '50 or 62.5')
      .optional()
      .describe('Extension: minimum living area in m² (inclusive). Listings without an area are left out.'),
    max_surface_area: amountParameter('max_surface_area', MAX_AREA, '50 or 62.5')
      .optional()
      .describe('Extension: maximum living area in m² (inclusive). Listings without an area are left out.'),
    listed_since: dateParameter('listed_since')
      .optional()
      .describe(
        'Extension: a date, YYYY-MM-DD: listings first offered on that day or later (listed_at, inclusive). Listings whose sites state no date are left out.',
      ),
    page: wholeNumberParameter('page', 1, 1_000_000_000, 1)
      .optional()
      .describe('Page number, from 1. A page past the end is empty.'),
    page_size: wholeNumberParameter('page_size', 1, 100, 20).optional().describe('Listings per page, 1–100.'),
    status: choiceParameter('status', ['active', 'withdrawn'])
      .optional()
      .meta({ default: 'active' })
      .describe('Extension: active (currently on offer) or withdrawn.'),
  })
  .superRefine((q, context) => {
    for (const [low, high] of RANGES) {
      const [min, max] = [q[low], q[high]]
      if (min !== undefined && max !== undefined && min > max)
        context.addIssue({ code: 'custom', path: [low], message: `${low} must not exceed ${high}` })
    }
  })

/** Validated listings query. */
export type ListingsQuery = z.output<typeof listingsQuerySchema>

/** `GET /v1/properties/{bag_id}` path parameters. */
export const propertyParamsSchema = z.strictObject({
  bag_id: patternParameter('bag_id', BAG_ID, 'exactly 16 digits').describe(
    'A BAG verblijfsobject (….01….), ligplaats, standplaats or nummeraanduiding (….20….) id.',
  ),
})

/** `GET /v1/listings/{id}` path parameters. */
export const listingParamsSchema = z.strictObject({
  id: patternParameter('id', LISTING_ID, 'lis_ followed by digits, as lis_123').describe(
    'The listing id, as in search results.',
  ),
})

/** `GET /v1/properties` query parameters: an address as the BAG writes it. */
export const addressQuerySchema = z.strictObject({
  postcode: patternParameter(
    'postcode',
    /^[1-9]\d{3} ?[A-Za-z]{2}$/,
    'four digits and two letters, as 1234 AB',
  ).describe('The postcode, as 1234 AB or 1234AB.'),
  number: wholeNumberParameter('number', 1, 99_999).describe(
    'The house number (huisnummer), without letter or addition.',
  ),
  letter: patternParameter('letter', /^[A-Za-z]$/, 'one letter')
    .optional()
    .describe('The house letter (huisletter): the A of 12 A.'),
  addition: patternParameter('addition', /^[A-Za-z0-9]{1,4}$/, '1–4 letters or digits')
    .optional()
    .describe('The addition (huisnummertoevoeging): the 2 of 12-2, the H of 16-H.'),
})

/** Validated address look-up. */
export type AddressQuery = z.output<typeof addressQuerySchema>

export const addressSchema = z.object({
  street: z.string().nullable(),
  number: z.string().nullable().describe('House number with any addition, as "12-2" or "8 A".'),
  city: z
    .string()
    .nullable()
    .describe(
      "One name per place, resolved or not: the everyday name where the BAG's woonplaats name differs (Den Haag, not 's-Gravenhage; Den Bosch, not 's-Hertogenbosch).",
    ),
  postcode: z.string().regex(POSTCODE).nullable().describe('"1234 AB".'),
})

const sourceRefSchema = z.object({ name: z.string(), url: z.string() })

/** Why a rental has no `above_legal_max`. */
const NO_COMPARISON = [
  'unresolved',
  'not-a-dwelling',
  'no-asked-rent',
  'not-self-contained',
  'includes-costs',
  'no-maximum',
  'free-sector-possible',
  'between-ends',
] as const

/** A range of euros a month whose high end is null when nothing bounds it (the free sector). */
export const rentRangeSchema = z.object({
  low: z.number().describe('EUR a month.'),
  high: z
    .number()
    .nullable()
    .describe('EUR a month; null when the free sector (no legal maximum) is reachable.'),
})

/** One listing: one home on offer, however many sites show it. */
export const listingSchema = z
  .object({
    id: z.string().regex(LISTING_ID).describe('lis_ followed by digits; stable across runs.'),
    type: z.enum(['rent', 'buy']),
    status: z.enum(['active', 'withdrawn']),
    address: addressSchema,
    price: z.number().nullable().describe('EUR; per month for rent. Null when the price is on request.'),
    surface_area: z.number().nullable().describe('Living area in m².'),
    dwelling_type: z
      .enum(DWELLING_TYPES)
      .nullable()
      .describe(
        'Extension: the kind of home. What its sources state (the most trusted first); when none does, what the BAG suggests for the home it resolved to (a home in a building with several homes: apartment, else house). Null when neither says.',
      ),
    bag_id: z.string().regex(BAG_ID).nullable().describe('The BAG object, or null when unresolved.'),
    source: sourceRefSchema.describe('The source we trust most for this listing.'),
    sources: z.array(sourceRefSchema).describe('Every source that lists it.'),
    price_history: z
      .array(
        z.object({
          observed_at: timestampSchema().describe('When a run first saw this price.'),
          price: z.number().nullable(),
        }),
      )
      .describe('Extension: every price the trusted source has shown, oldest first.'),
    listed_at: dateSchema()
      .nullable()
      .describe(
        'The date the home was first offered (YYYY-MM-DD), as its sites state it; null when none does. Listings are newest first by this date, those without one after those with one, then by first_seen (newest first), then by id.',
      ),
    first_seen: timestampSchema().describe('When this service first saw it: the start of that run.'),
    last_seen: timestampSchema().describe('When this service last saw it: the start of that run.'),
    verified_at: timestampSchema()
      .nullable()
      .describe(
        'Extension: when a crawl last checked that the listing is still on offer as served (the start of that run): the newest among its sources. Null when no source has verified it since verification was recorded.',
      ),
    verified_by: z
      .enum(['list', 'detail', 'not-modified'])
      .nullable()
      .describe(
        'Extension: how that check was made. list: its card on a search page; detail: its detail page was read; not-modified: its detail page answered 304 (unchanged since it was read). When sources checked it in the same run, the most thorough check (detail, then not-modified, then list). Null with verified_at, and when the newest check read the source from a file.',
      ),
    max_legal_rent: rentRangeSchema
      .nullable()
      .optional()
      .describe(
        "Rentals only: the legal maximum of the home's bare rent under the WWS (its rent_regulation.max_rent) on the publish's date, for the low and the high end of its points. Null when the home's points cannot be bounded (no area) or the listing is not resolved to a dwelling.",
      ),
    above_legal_max: z
      .boolean()
      .nullable()
      .optional()
      .describe(
        'Rentals only: true only when the asked rent exceeds max_legal_rent.high; false when it is within max_legal_rent.low (or every total is in the free sector); else null, with above_legal_max_reason.',
      ),
    above_legal_max_reason: z
      .enum(NO_COMPARISON)
      .nullable()
      .optional()
      .describe(
        'Extension, rentals only: why above_legal_max is null. unresolved: no home; not-a-dwelling: the home is not a dwelling; no-asked-rent: price on request; not-self-contained: a room in a shared house (another points system); includes-costs: the rent includes service costs or furnishing and no bare rent is given; no-maximum: the facts bound no maximum (no area); free-sector-possible: above the low end, and the points may reach the free sector; between-ends: between the low and the high end.',
      ),
  })
  .meta({ id: 'Listing' })

/** `GET /v1/listings` body. */
export const listingsResponseSchema = z.object({
  data: z.array(listingSchema),
  meta: z.object({
    total: z.int().min(0).describe('Listings matching the filters, on every page.'),
    page: z.int().min(1),
    page_size: z.int().min(1).max(100),
  }),
})

/** `GET /healthz` body. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  generation: z.int().min(1).describe('The published generation served.'),
  published_at: timestampSchema().describe('When it was published.'),
})

/** RFC 9457 problem details. */
export const problemSchema = z
  .object({
    type: z.url().describe('Names the kind of problem; clients can switch on it.'),
    title: z.string().describe('The HTTP status in words.'),
    status: z.int().min(400).max(599),
    detail: z.string().describe('What went wrong, for a person.'),
    errors: z
      .array(
        z.object({
          parameter: z.string().describe('The parameter, as it was sent.'),
          message: z.string().describe('What is wrong with it, naming it.'),
        }),
      )
      .optional()
      .describe('For a 400: each invalid parameter and why.'),
  })
  .meta({ id: 'Problem' })
