import {
  defineListingSource,
  type ListingInput,
  type ListPageResult,
  type Page,
  ParseError,
  type SourceRequest,
  siteCoversScope,
} from '../../src/kit/index.js'
import { CITY, responseSchema, toListing } from './search-response.js'

const SITE = 'https://www.stadswonenrotterdam.nl'
const API = 'https://wrf-prod-app-api-gateway.azurewebsites.net/api/stadswonen/search/nl/aanbod'
const PAGE_SIZE = 100

/** One page of the offer, sorted as the site sorts it; the API takes its filters in one `qson` parameter. */
export function searchRequest(page: number): SourceRequest {
  const query = new URLSearchParams({
    qson: `filter:(),list:(page:${page},sort:default,type:list)`,
    size: `${PAGE_SIZE}`,
  })
  return { url: `${API}?${query}`, label: 'list', userData: { page } }
}

/** The search JSON → its listings and the next page. Not JSON, or not this shape: the API changed. */
function parseSearchResponse(page: Page): ListPageResult {
  let body: ReturnType<typeof responseSchema.parse>
  try {
    body = responseSchema.parse(page.json())
  } catch (error) {
    throw new ParseError('Not a Stadswonen aanbod response', { url: page.url }, { cause: error })
  }
  const listings = body.items
    .map((item) => toListing(item, SITE))
    .filter((listing): listing is ListingInput => listing !== null)
  const { page: number, size, total } = body.paging
  return {
    listings,
    nextRequest: body.items.length > 0 && number * size < total ? searchRequest(number + 1) : undefined,
    noResults: total === 0,
  }
}

/**
 * Stadswonen Rotterdam (stadswonenrotterdam.nl): rooms, studios and flats for students and starters, from the JSON
 * API its own offer page calls. The whole offer fits one page; no detail pages are needed. See README.md.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'stadswonen',
  name: 'Stadswonen Rotterdam',
  homepage: `${SITE}/`,
  hosts: [new URL(API).host],
  render: 'http',
  // A small landlord's API: one request at a time, as for any small site.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-aanbod.json',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/stadswonen/aanbod.json',
    commit: '53b564de6b9fd901858be217720fe678a9aad86f',
    recorded: '2026-09',
    licence: "MIT (repository); the content is Stadswonen's",
  },
  regions: [CITY],
  startRequests: (scope) =>
    siteCoversScope({ offers: ['rent'], regions: [CITY] }, scope) ? [searchRequest(1)] : [],
  parseListPage: parseSearchResponse,
})
