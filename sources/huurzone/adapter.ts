import { CITY_PLACEHOLDER, defineListingSource, listRequests } from '../../src/kit/index.js'
import { parseDetailPage } from './detail-page.js'
import { parseSearchPage } from './search-page.js'

const ORIGIN = 'https://www.huurzone.nl'

/** The search page, one per city (`{city}` is its slug); rentals only. */
const LISTS = { rent: `${ORIGIN}/huurwoningen/${CITY_PLACEHOLDER}` }

/**
 * Huurzone: a rental aggregator that gathers listings from agents' and landlords' sites. Search cards lead to
 * detail pages whose JSON-LD holds the listing. See README.md for terms and politeness.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'huurzone',
  name: 'Huurzone',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // A mid-sized site read one detail page per listing: one request at a time, at the pace of a small site.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-rotterdam-excerpt.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/huurzone/rotterdam.html',
    commit: '53b564de6b9fd901858be217720fe678a9aad86f',
    recorded: '2026',
    licence: "MIT (repository); the page content is Huurzone's",
  },
  startRequests: (scope) => listRequests(LISTS, ['rent'], scope),
  parseListPage: parseSearchPage,
  parseDetailPage,
})
