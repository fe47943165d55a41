import { defineListingSource } from '../../src/kit/index.js'
import { cityFilter, ENDPOINT, queryRequest } from './algolia-query.js'
import { parseSearchResponse } from './search-response.js'

/**
 * HousingAnywhere (housinganywhere.com): furnished rooms, studios and flats for international students and young
 * professionals, from the Algolia index its own search page queries. 40 listings a request; no detail pages.
 * Opt-in: see README.md.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'housinganywhere',
  name: 'HousingAnywhere',
  homepage: 'https://housinganywhere.com/',
  hosts: [new URL(ENDPOINT).host],
  render: 'http',
  // One request at a time with a gap between them: a search index answers fast, so the gap keeps the load a visitor's.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'forbids',
  evidence: {
    kind: 'recorded',
    fixture: 'list-delft-rotterdam-den-haag-excerpt.json',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/housinganywhere/search.json',
    commit: 'b77b5a676d815c4f5b9541e5255f5c3a1c4b7fe5',
    recorded: '2026-09-24',
    licence: "MIT (repository); the content is HousingAnywhere's",
  },
  startRequests: (scope) =>
    scope.types.includes('rent') ? scope.cities.map((city) => queryRequest(cityFilter(city), 0)) : [],
  parseListPage: parseSearchResponse,
})
