import { CITY_PLACEHOLDER, defineListingSource, listRequests } from '../../src/kit/index.js'
import { parseDetailPage } from '../_shared/listing-detail-markup.js'
import { parseSearchPage } from '../_shared/listing-markup.js'

const ORIGIN = 'https://www.huurwoningen.nl'

/** The search page, one per city (`{city}` is its slug); rentals only. */
const LISTS = { rent: `${ORIGIN}/in/${CITY_PLACEHOLDER}/` }

/**
 * Huurwoningen.nl: rentals, on the same platform and markup as Pararius. Its cards carry everything we keep
 * except the energy label and the listing date, so complete cards are taken as listings and only the rest cost
 * a detail page. See README.md for terms and politeness.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'huurwoningen',
  name: 'Huurwoningen',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // Same owner, same terms as Pararius, so the same politeness.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'forbids',
  evidence: {
    kind: 'recorded',
    fixture: 'list-delft-excerpt.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/huurwoningen/search-delft.html',
    commit: 'e3d70139ea9c0ecbf6e912cda8d2d23a30a4b227',
    recorded: '2026-09-24',
    licence: "MIT (repository); the page content is Huurwoningen's",
  },
  startRequests: (scope) => listRequests(LISTS, ['rent'], scope),
  parseListPage: (page) => parseSearchPage(page, { inlineCards: true }),
  parseDetailPage,
})
