import { CITY_PLACEHOLDER, defineListingSource, listRequests } from '../../src/kit/index.js'
import { parseDetailPage } from '../_shared/listing-detail-markup.js'
import { parseSearchPage } from '../_shared/listing-markup.js'

/** Pararius's English site: its Dutch one sits behind a Cloudflare challenge, the .com one answers plain HTTP. */
const ORIGIN = 'https://www.pararius.com'

/** The search page, one per city (`{city}` is its slug); rentals only. */
const LISTS = { rent: `${ORIGIN}/apartments/${CITY_PLACEHOLDER}` }

/** Pararius (pararius.com): rentals, search cards then detail pages. See README.md for terms and politeness. */
export default defineListingSource({
  kind: 'crawl',
  id: 'pararius',
  name: 'Pararius',
  homepage: `${ORIGIN}/`,
  // The Dutch site serves the same markup (fixtures recorded there parse the same way).
  hosts: ['www.pararius.nl'],
  render: 'http',
  // One request at a time with a gap between them: the site forbids scraping in its terms, so we stay gentle.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'forbids',
  evidence: {
    kind: 'recorded',
    fixture: 'list-delft-excerpt.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/pararius/search-delft.html',
    commit: '0be85d6b22cc91821965681f2e1f087c510a8a50',
    recorded: '2026-09-24',
    licence: "MIT (repository); the page content is Pararius's",
  },
  startRequests: (scope) => listRequests(LISTS, ['rent'], scope),
  // Pararius cards leave out the year, label and listing date; its detail pages have them.
  parseListPage: (page) => parseSearchPage(page, { inlineCards: false }),
  parseDetailPage,
})
