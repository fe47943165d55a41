import { CITY_PLACEHOLDER, defineListingSource, listRequests } from '../../src/kit/index.js'
import { parseSearchPage } from './search-page.js'

const ORIGIN = 'https://www.huurstunt.nl'

/** The search page, one per city (`{city}` is its slug); rentals only. */
const LISTS = { rent: `${ORIGIN}/huren/${CITY_PLACEHOLDER}` }

/**
 * Huurstunt: a rental portal gathering listings from agents and private landlords. Its search cards carry what
 * anonymous visitors may see, so a crawl reads search pages only. See README.md for terms and politeness.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'huurstunt',
  name: 'Huurstunt',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // A mid-sized portal behind Cloudflare: one request at a time, a little slower than a small site.
  politeness: { concurrency: 1, intervalCap: 1, interval: 3_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-delft-excerpt.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/huurstunt/delft.html',
    commit: '49fff15cb6cb6a02c9b4e1df3159ff0e6bb5c8ab',
    recorded: '2026-09-24',
    licence: "MIT (repository); the page content is Huurstunt's",
  },
  startRequests: (scope) => listRequests(LISTS, ['rent'], scope),
  parseListPage: parseSearchPage,
})
