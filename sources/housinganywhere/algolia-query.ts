import type { SourceRequest } from '../../src/kit/index.js'

/** The public search-only key of HousingAnywhere's own search page, and its Algolia app and index. */
const APP_ID = 'Y8L112MIBF'
const SEARCH_KEY = '170cf5d8f85035f219107d6fb900e3dd'
export const INDEX = 'production_listings_most_recent'
export const ENDPOINT = `https://${APP_ID.toLowerCase()}-dsn.algolia.net/1/indexes/*/queries?x-algolia-api-key=${SEARCH_KEY}&x-algolia-application-id=${APP_ID}`
const HITS_PER_PAGE = 40

/** The hit fields the adapter reads; asking only for these keeps each page small. */
const ATTRIBUTES = [
  'path',
  'city',
  'street',
  'propertyType',
  'priceEUR',
  'facility_total_size',
  'creationDate',
  'isSearchable',
]

/** Dutch municipality names HousingAnywhere spells its own way. */
const CITY_ON_SITE: Readonly<Record<string, string>> = { 'Den Haag': 'The Hague' }

/** The city as HousingAnywhere's index names it ("Den Haag" → "The Hague"). */
export const cityOnSite = (city: string): string => CITY_ON_SITE[city] ?? city

/** The Dutch name of a city the index names its own way ("The Hague" → "Den Haag"). */
export const dutchCity = (city: string): string =>
  Object.entries(CITY_ON_SITE).find(([, onSite]) => onSite === city)?.[0] ?? city

/** The filter of one city's homes on offer, in Algolia's syntax, as the site's own search writes it. */
export const cityFilter = (city: string): string =>
  `isSearchable:true AND exclusivityPartnerIDs:0 AND city:${JSON.stringify(cityOnSite(city))}`

/** The POST body of one page (from 0) of a search with `filters`. */
export function queryBody(filters: string, page: number): string {
  return JSON.stringify({
    requests: [
      {
        indexName: INDEX,
        query: '',
        hitsPerPage: HITS_PER_PAGE,
        page,
        filters,
        attributesToRetrieve: ATTRIBUTES,
        attributesToHighlight: [],
      },
    ],
  })
}

/** One page of a search with `filters`. */
export const queryRequest = (filters: string, page: number): SourceRequest => ({
  url: ENDPOINT,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: queryBody(filters, page),
  label: 'list',
})
