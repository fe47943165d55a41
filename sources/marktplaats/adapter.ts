import { defineListingSource, type SourceRequest } from '../../src/kit/index.js'
import { CITY_POSTCODES, citySearch, ORIGIN } from './search-request.js'
import { parseSearchResponse } from './search-response.js'

/**
 * Marktplaats (marktplaats.nl, Huizen en Kamers): rooms and homes for rent, mostly from private people, from the
 * JSON search its own result pages use. Ads come inline, 30 a page, around one postcode per city. See README.md.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'marktplaats',
  name: 'Marktplaats',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // The biggest classifieds site of the country: one request at a time, as slowly as for Funda.
  politeness: { concurrency: 1, intervalCap: 1, interval: 4_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-delft.json',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/marktplaats/search-delft.json',
    commit: 'b77b5a676d815c4f5b9541e5255f5c3a1c4b7fe5',
    recorded: '2026-09-24',
    licence: "MIT (repository); the content is Marktplaats's and its advertisers'",
  },
  regions: Object.values(CITY_POSTCODES).map((place) => place.name),
  startRequests: (scope) =>
    scope.types.includes('rent')
      ? scope.cities.map(citySearch).filter((request): request is SourceRequest => request !== undefined)
      : [],
  parseListPage: parseSearchResponse,
})
