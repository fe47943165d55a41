import { CITY_PLACEHOLDER, defineListingSource, listRequests } from '../../src/kit/index.js'
import { parseSearchPage } from './search-page.js'

const ORIGIN = 'https://www.kamer.nl'

/** The search page, one per city (`{city}` is its slug); rentals only. */
const LISTS = { rent: `${ORIGIN}/huren/${CITY_PLACEHOLDER}/` }

/**
 * Kamer.nl (kamer.nl): rooms, studios and small homes for rent, mostly from private landlords. One search page per
 * city, read whole (its JSON-LD item list and cards); no detail pages. Opt-in: see README.md.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'kamernl',
  name: 'Kamer.nl',
  homepage: `${ORIGIN}/`,
  // Cloudflare answers plain HTTP clients with its managed challenge; a browser page gets the real one.
  render: 'browser',
  // One page at a time, with a longer gap than a plain request needs: a browser page costs the site more.
  politeness: { concurrency: 1, intervalCap: 1, interval: 4_000 },
  offers: ['rent'],
  terms: 'forbids',
  evidence: {
    kind: 'recorded',
    fixture: 'list-kamer-delft-excerpt.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/kamernl/search-delft.html',
    commit: 'e3d70139ea9c0ecbf6e912cda8d2d23a30a4b227',
    recorded: '2026-09-24',
    licence: "MIT (repository); the page content is Kamer.nl's",
  },
  // Every kind of home in the city: the page the recorded room search links as itself without the type filter.
  startRequests: (scope) => listRequests(LISTS, ['rent'], scope),
  parseListPage: parseSearchPage,
})
