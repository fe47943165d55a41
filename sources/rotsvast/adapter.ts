import { defineListingSource } from '../../src/kit/index.js'
import { parseDetailPage } from './detail-page.js'
import { parseSearchPage } from './search-page.js'

const ORIGIN = 'https://www.rotsvast.nl'

/** Rotsvast (rotsvast.nl): a letting agent's rentals, search cards then detail pages. See README.md. */
export default defineListingSource({
  kind: 'crawl',
  id: 'rotsvast',
  name: 'Rotsvast',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // An agent's own site: one request at a time, at the pace of a small site.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-delft.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/rotsvast/delft.html',
    commit: '53b564de6b9fd901858be217720fe678a9aad86f',
    recorded: '2026',
    licence: "MIT (repository); the page content is Rotsvast's",
  },
  // The rentals search takes a place name; the site lists homes of its branches all over the country.
  startRequests: (scope) =>
    scope.types.includes('rent')
      ? scope.cities.map((city) => ({
          url: `${ORIGIN}/huren/?search=${encodeURIComponent(city)}`,
          label: 'list' as const,
        }))
      : [],
  parseListPage: parseSearchPage,
  parseDetailPage,
})
