import { z } from 'zod'
import {
  type DwellingType,
  type ListingInput,
  type ListPageResult,
  type Page,
  ParseError,
} from '../../src/kit/index.js'
import { dutchCity, queryRequest } from './algolia-query.js'

const ORIGIN = 'https://housinganywhere.com'

/** HousingAnywhere's property types → the kind of home; a room's `facility_total_size` is its whole house's. */
const DWELLING_OF_TYPE: Readonly<Record<string, DwellingType>> = {
  PRIVATE_ROOM: 'room',
  SHARED_ROOM: 'room',
  STUDIO: 'studio',
  APARTMENT: 'apartment',
  HOUSE: 'house',
}

/** The fields read from one hit; the rest is ignored. */
const hitSchema = z.object({
  path: z.string(),
  city: z.string().nullish(),
  street: z.string().nullish(),
  propertyType: z.string().nullish(),
  priceEUR: z.number().nullish(),
  facility_total_size: z.string().nullish(),
  creationDate: z.string().nullish(),
  isSearchable: z.boolean().nullish(),
})

const responseSchema = z.object({
  results: z
    .array(z.object({ hits: z.array(z.unknown()), nbPages: z.number().int(), page: z.number().int() }))
    .min(1),
})

/** The unit type id in a listing path (`/room/ut1739453/nl/Rotterdam/insulindestraat` → `ut1739453`). */
export function unitTypeOf(path: string): string | null {
  return /\/(ut\d+)(?:\/|$)/.exec(path)?.[1] ?? null
}

/** One hit → a listing, or null for a hit that is no listing on offer (not searchable, or no unit id). */
function toListing(raw: unknown): ListingInput | null {
  const parsed = hitSchema.safeParse(raw)
  if (!parsed.success || parsed.data.isSearchable === false) return null
  const hit = parsed.data
  const id = unitTypeOf(hit.path)
  if (!id) return null
  const dwellingType = DWELLING_OF_TYPE[hit.propertyType ?? ''] ?? 'other'
  return {
    sourceListingId: id,
    url: `${ORIGIN}${encodeURI(decodeURI(hit.path))}`,
    type: 'rent',
    price: hit.priceEUR ?? null,
    surfaceArea: dwellingType === 'room' ? null : hit.facility_total_size || null,
    dwellingType,
    street: hit.street?.trim() || null,
    city: dutchCity(hit.city?.trim() ?? ''),
    listedAt: hit.creationDate ?? null,
  }
}

/**
 * An Algolia answer → its listings and the next page while there is one. A unit let for several periods is one hit
 * per period: the first (the newest) is kept. Not this shape: the index or its answer changed.
 */
export function parseSearchResponse(page: Page): ListPageResult {
  let result: z.infer<typeof responseSchema>['results'][number]
  try {
    result = responseSchema.parse(page.json()).results[0]!
  } catch (error) {
    throw new ParseError('Not a HousingAnywhere search answer', { url: page.url }, { cause: error })
  }
  const seen = new Set<string>()
  const listings: ListingInput[] = []
  for (const hit of result.hits) {
    const listing = toListing(hit)
    if (listing && !seen.has(listing.sourceListingId)) {
      seen.add(listing.sourceListingId)
      listings.push(listing)
    }
  }
  const sent = JSON.parse(page.request.body ?? '{}') as { requests?: { filters?: string }[] }
  const filters = sent.requests?.[0]?.filters
  const more = filters !== undefined && result.hits.length > 0 && result.page + 1 < result.nbPages
  return {
    listings,
    nextRequest: more ? queryRequest(filters, result.page + 1) : undefined,
    noResults: result.nbPages === 0 || (result.page === 0 && result.hits.length === 0),
  }
}
