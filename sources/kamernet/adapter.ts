import { z } from 'zod'
import {
  defineListingSource,
  type ListingInput,
  type ListPageResult,
  type Page,
  ParseError,
  type SourceRequest,
  toCitySlug,
} from '../../src/kit/index.js'

const ORIGIN = 'https://kamernet.nl'
const ENDPOINT = `${ORIGIN}/services/api/listing/findlistings`
const ROWS_PER_PAGE = 20

/** Kamernet's `listingType` codes → the word in its detail URLs and our kind of home. */
const LISTING_TYPES: Readonly<
  Record<number, { word: string; dwelling: 'room' | 'apartment' | 'studio' | 'other' }>
> = {
  1: { word: 'kamer', dwelling: 'room' },
  2: { word: 'appartement', dwelling: 'apartment' },
  4: { word: 'studio', dwelling: 'studio' },
  8: { word: 'anti-kraak', dwelling: 'other' },
  16: { word: 'studentenkamer', dwelling: 'room' },
}

/** The fields we read from one search result; the rest of the object is ignored. */
const resultSchema = z.object({
  listingId: z.number().int(),
  street: z.string().nullish(),
  streetSlug: z.string().nullish(),
  city: z.string(),
  citySlug: z.string(),
  surfaceArea: z.number().nullish(),
  listingType: z.number().int(),
  totalRentalPrice: z.number().nullish(),
})

const responseSchema = z.object({
  listings: z.array(z.unknown()),
  topAdListings: z.array(z.unknown()).nullish(),
  total: z.number().int(),
})

/** The POST body of one search page, in the shape Kamernet's own search page sends. */
export function searchBody(citySlug: string, cityName: string, pageNo: number): string {
  return JSON.stringify({
    location: { name: cityName, cityName, citySlug },
    citySlug,
    radiusId: 1,
    listingTypeIds: [],
    maxRentalPriceId: 0,
    surfaceMinimumId: 0,
    listingSortOptionId: 1,
    pageNo,
    rowsPerPage: ROWS_PER_PAGE,
    searchview: 1,
  })
}

const searchRequest = (citySlug: string, cityName: string, pageNo: number): SourceRequest => ({
  url: ENDPOINT,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: searchBody(citySlug, cityName, pageNo),
  label: 'list',
})

/** One search result → a listing. Kamernet shows the street and city, never the house number or postcode. */
function toListing(raw: unknown): ListingInput | null {
  const result = resultSchema.safeParse(raw)
  if (!result.success) return null
  const r = result.data
  const kind = LISTING_TYPES[r.listingType] ?? { word: 'kamer', dwelling: 'other' as const }
  const street = r.streetSlug ?? 'onbekend'
  return {
    sourceListingId: String(r.listingId),
    url: `${ORIGIN}/huren/${kind.word}-${r.citySlug}/${street}/${kind.word}-${r.listingId}`,
    type: 'rent',
    // The total rent: Kamernet prints one figure, with service costs when `utilitiesIncluded` says so.
    price: r.totalRentalPrice ?? null,
    surfaceArea: r.surfaceArea || null,
    dwellingType: kind.dwelling,
    street: r.street?.trim() || null,
    city: r.city,
  }
}

/** A JSON search response → its listings and the next page. Not JSON, or not this shape: the API changed. */
function parseSearchResponse(page: Page): ListPageResult {
  let body: z.infer<typeof responseSchema>
  try {
    body = responseSchema.parse(page.json())
  } catch (error) {
    throw new ParseError('Not a Kamernet findlistings response', { url: page.url }, { cause: error })
  }
  const seen = new Set<string>()
  const listings: ListingInput[] = []
  // Promoted results ("top ads") are listings too, and may repeat a regular one.
  for (const raw of [...body.listings, ...(body.topAdListings ?? [])]) {
    const listing = toListing(raw)
    if (listing && !seen.has(listing.sourceListingId)) {
      seen.add(listing.sourceListingId)
      listings.push(listing)
    }
  }
  const sent = JSON.parse(page.request.body ?? '{}') as {
    pageNo?: number
    citySlug?: string
    location?: { name?: string }
  }
  const pageNo = sent.pageNo ?? 1
  const more = sent.citySlug && body.listings.length > 0 && pageNo * ROWS_PER_PAGE < body.total
  return {
    listings,
    nextRequest: more
      ? searchRequest(sent.citySlug!, sent.location?.name ?? sent.citySlug!, pageNo + 1)
      : undefined,
    noResults: body.total === 0,
  }
}

/**
 * Kamernet (kamernet.nl): rooms, studios and flats for rent, from the JSON endpoint its own search page calls.
 * One POST per 20 results; no detail pages are needed. See README.md for terms and politeness.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'kamernet',
  name: 'Kamernet',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // One request at a time with a gap between them: a JSON API answers fast, so the gap keeps the load to a visitor's.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-delft.json',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/kamernet/search-delft.json',
    commit: '55bcc5ea0197d9f69b3719a5ba953227da32358a',
    recorded: '2026-09',
    licence: "MIT (repository); the content is Kamernet's",
  },
  startRequests: (scope) =>
    scope.types.includes('rent') ? scope.cities.map((city) => searchRequest(toCitySlug(city), city, 1)) : [],
  parseListPage: parseSearchResponse,
})
