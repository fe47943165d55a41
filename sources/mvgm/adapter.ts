import { CITY_PLACEHOLDER, defineListingSource, listRequests } from '../../src/kit/index.js'
import { parseDetailPage } from './detail-page.js'
import { parseSearchPage } from './search-page.js'

const ORIGIN = 'https://ikwilhuren.nu'

/** The search page, one per city (`{city}` is its slug); rentals only. */
const LISTS = { rent: `${ORIGIN}/aanbod/${CITY_PLACEHOLDER}/` }

/**
 * MVGM, a large residential property manager, lets the homes it manages on ikwilhuren.nu. Search cards lead to
 * listing pages with the full address and energy label. See README.md for terms and politeness.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'mvgm',
  name: 'MVGM (ikwilhuren.nu)',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // A manager's own letting site: one request at a time, at the pace of a small site.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-rotterdam-excerpt.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/mvgm/aanbod-rotterdam.html',
    commit: '53b564de6b9fd901858be217720fe678a9aad86f',
    recorded: '2026',
    licence: "MIT (repository); the page content is MVGM's",
  },
  startRequests: (scope) => listRequests(LISTS, ['rent'], scope),
  parseListPage: parseSearchPage,
  parseDetailPage,
})
