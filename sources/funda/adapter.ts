import { defineListingSource, type Page, toCitySlug } from '../../src/kit/index.js'
import { parseDetailPage } from './detail-page.js'
import { FUNDA_ORIGIN, searchUrl } from './funda-url.js'
import { parseSearchPage } from './search-page.js'

// Akamai answers a bot with HTTP 200 and this page (15 KB, no listing data): never trust the status code.
const INTERSTITIAL = /Je bent bijna op de pagina die je zoekt|<title>\s*Access Denied\s*<\/title>/i

/**
 * Funda (funda.nl): homes for sale (koop) and for rent (huur). Search pages, then every listing's detail page;
 * both are read from the Nuxt state in `__NUXT_DATA__`. Rendered in Chromium: plain HTTP meets Akamai's bot wall.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'funda',
  name: 'Funda',
  homepage: `${FUNDA_ORIGIN}/`,
  render: 'browser',
  // One page at a time with a long gap: Funda forbids scraping and blocks bursts; a browser page is heavy.
  politeness: { concurrency: 1, intervalCap: 1, interval: 4_000 },
  offers: ['buy', 'rent'],
  terms: 'forbids',
  evidence: {
    kind: 'recorded',
    fixture: 'list-huur-delft.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/funda/search-delft.html',
    commit: 'aa429c1b7b4a0d0f7f538d2c7ebd4f77157f2bcb',
    recorded: '2026-09-24',
    licence: "MIT (repository); the page content is Funda's",
  },
  startRequests: (scope) =>
    scope.types.flatMap((type) =>
      scope.cities.map((city) => ({ url: searchUrl(type, toCitySlug(city)), label: 'list' as const })),
    ),
  parseListPage: parseSearchPage,
  parseDetailPage,
  detectBlock: (page: Page) =>
    INTERSTITIAL.test(page.body.slice(0, 100_000)) ? 'funda-akamai-interstitial' : null,
})
