import { defineListingSource } from '../../src/kit/index.js'
import { parseDetailPage } from './detail-page.js'
import { parseSearchPage } from './search-page.js'

const ORIGIN = 'https://www.vanderlinden.nl'

/** Makelaardij Van der Linden (vanderlinden.nl): an agent's rentals, one list then detail pages. See README.md. */
export default defineListingSource({
  kind: 'crawl',
  id: 'van-der-linden',
  name: 'Van der Linden',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // An agent's own site: one request at a time, at the pace of a small site.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-woning-huren-excerpt.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/vanderlinden/woning-huren.html',
    commit: '53b564de6b9fd901858be217720fe678a9aad86f',
    recorded: '2026',
    licence: "MIT (repository); the page content is Van der Linden's",
  },
  // One list holds every rental of every office (its place filter runs in the browser), so the scope's cities do
  // not change the request; the listings keep the city each page names.
  startRequests: (scope) =>
    scope.types.includes('rent') ? [{ url: `${ORIGIN}/woning-huren/`, label: 'list' as const }] : [],
  parseListPage: parseSearchPage,
  parseDetailPage,
})
