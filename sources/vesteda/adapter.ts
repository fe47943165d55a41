import { defineListingSource } from '../../src/kit/index.js'
import { PLACES, placeOf } from './places.js'
import { ORIGIN, searchRequest } from './search-request.js'
import { parseSearchResponse } from './search-response.js'

/**
 * Vesteda (vesteda.com): a large institutional landlord of mid-rent flats and family houses, from the JSON search
 * its own search page calls. One POST per city returns every unit around it, inline. See README.md.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'vesteda',
  name: 'Vesteda',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // A big landlord: one request at a time, a little slower than a small site.
  politeness: { concurrency: 1, intervalCap: 1, interval: 3_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-delft.json',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/vesteda/search-delft.json',
    commit: 'b77b5a676d815c4f5b9541e5255f5c3a1c4b7fe5',
    recorded: '2026-09',
    licence: "MIT (repository); the content is Vesteda's",
  },
  regions: Object.values(PLACES).map((place) => place.name),
  startRequests: (scope) =>
    scope.types.includes('rent')
      ? scope.cities.flatMap((city) => {
          const place = placeOf(city)
          return place ? [searchRequest(place)] : []
        })
      : [],
  parseListPage: parseSearchResponse,
})
