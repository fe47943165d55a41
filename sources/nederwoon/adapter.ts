import { defineListingSource } from '../../src/kit/index.js'
import { parseSearchPage } from './search-page.js'

const ORIGIN = 'https://www.nederwoon.nl'

/** NederWoon (nederwoon.nl): a letting agent's rentals, complete on its search cards. See README.md. */
export default defineListingSource({
  kind: 'crawl',
  id: 'nederwoon',
  name: 'NederWoon',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // A small agent's site: one request at a time, at the pace of a small site.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-rotterdam.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/nederwoon/rotterdam.html',
    commit: '53b564de6b9fd901858be217720fe678a9aad86f',
    recorded: '2026',
    licence: "MIT (repository); the page content is NederWoon's",
  },
  // The site searches by the city name as typed; `search_type=1` is "Huurwoning" (not rooms, parking or new builds).
  startRequests: (scope) =>
    scope.types.includes('rent')
      ? scope.cities.map((city) => ({
          url: `${ORIGIN}/search?search_type=1&city=${encodeURIComponent(city)}`,
          label: 'list' as const,
        }))
      : [],
  parseListPage: parseSearchPage,
})
