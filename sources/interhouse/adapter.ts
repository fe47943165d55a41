import { defineListingSource } from '../../src/kit/index.js'
import { parseDetailPage } from './detail-page.js'
import { parseResultsPage } from './results-page.js'
import { resultsQuery, resultsRequest } from './results-request.js'

/**
 * Interhouse: a rental agent with offices in the Randstad and beyond, letting (often furnished) homes. Its search
 * loads result cards from a WordPress AJAX endpoint; each card leads to a listing page with the details. See
 * README.md for terms and politeness.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'interhouse',
  name: 'Interhouse',
  homepage: 'https://interhouse.nl/',
  render: 'http',
  // An agent's own site: one request at a time, at the pace of a small site.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-huur-excerpt.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/interhouse/results.html',
    commit: '53b564de6b9fd901858be217720fe678a9aad86f',
    recorded: '2026',
    licence: "MIT (repository); the content is Interhouse's",
  },
  startRequests: (scope) =>
    scope.types.includes('rent') ? scope.cities.map((city) => resultsRequest(resultsQuery(city, 1))) : [],
  parseListPage: parseResultsPage,
  parseDetailPage,
})
