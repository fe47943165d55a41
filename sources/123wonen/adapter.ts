import { CITY_PLACEHOLDER, defineListingSource, listRequests } from '../../src/kit/index.js'
import { parseDetailPage } from './detail-page.js'
import { parseSearchPage } from './search-page.js'

const ORIGIN = 'https://www.123wonen.nl'

/** The search page, one per city (`{city}` is its slug); rentals only. */
const LISTS = { rent: `${ORIGIN}/huurwoningen/in/${CITY_PLACEHOLDER}` }

/** 123Wonen (123wonen.nl): a letting agent's rentals, search cards then detail pages. See README.md. */
export default defineListingSource({
  kind: 'crawl',
  id: '123wonen',
  name: '123Wonen',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // A letting agent's own site: one request at a time, at the pace of a small site.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-rotterdam-excerpt.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/wonen123/rotterdam.html',
    commit: '53b564de6b9fd901858be217720fe678a9aad86f',
    recorded: '2026',
    licence: "MIT (repository); the page content is 123Wonen's",
  },
  startRequests: (scope) => listRequests(LISTS, ['rent'], scope),
  parseListPage: parseSearchPage,
  parseDetailPage,
})
