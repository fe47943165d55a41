import { CITY_PLACEHOLDER, defineListingSource, listRequests } from '../../src/kit/index.js'
import { parseSearchPage } from './search-page.js'

const ORIGIN = 'https://directwonen.nl'

/** The search page, one per city (`{city}` is its slug); rentals only. */
const LISTS = { rent: `${ORIGIN}/huurwoningen-huren/${CITY_PLACEHOLDER}` }

/**
 * Direct Wonen: a rental portal where landlords advertise directly. Its search tiles carry the whole listing
 * as far as the site shows it, so a crawl reads search pages only. See README.md for terms and politeness.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'directwonen',
  name: 'Direct Wonen',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // A small site: one request at a time, at the pace of a small site.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-delft-excerpt.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/directwonen/delft.html',
    commit: '53b564de6b9fd901858be217720fe678a9aad86f',
    recorded: '2026',
    licence: "MIT (repository); the page content is Direct Wonen's",
  },
  startRequests: (scope) => listRequests(LISTS, ['rent'], scope),
  parseListPage: parseSearchPage,
})
