import { CITY_PLACEHOLDER, defineListingSource, listRequests } from '../../src/kit/index.js'
import { parseSearchResults } from './search-results.js'

const ORIGIN = 'https://rentola.nl'

/** The search page, one per city (`{city}` is its slug); rentals only. */
const LISTS = { rent: `${ORIGIN}/huren/${CITY_PLACEHOLDER}` }

/** Rentola (rentola.nl): a rental aggregator whose search pages carry every listing as JSON-LD. See README.md. */
export default defineListingSource({
  kind: 'crawl',
  id: 'rentola',
  name: 'Rentola',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // A large portal: one request at a time, a little slower than a small site; a city costs one request per result page.
  politeness: { concurrency: 1, intervalCap: 1, interval: 3_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-delft-excerpt.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/rentola/delft.html',
    commit: '53b564de6b9fd901858be217720fe678a9aad86f',
    recorded: '2026',
    licence: "MIT (repository); the page content is Rentola's",
  },
  startRequests: (scope) => listRequests(LISTS, ['rent'], scope),
  parseListPage: parseSearchResults,
})
