import { defineListingSource, toCitySlug } from '../../src/kit/index.js'
import { parseCityPage } from './city-page.js'

const ORIGIN = 'https://www.xiorstudenthousing.eu'

/**
 * Xior's Dutch cities: our slug → the slug in Xior's URLs (`/nl/netherlands/{slug}/`) and the city's name. Only
 * The Hague is named differently in Xior's URLs.
 */
const CITIES: Readonly<Record<string, { readonly slug: string; readonly name: string }>> = {
  amsterdam: { slug: 'amsterdam', name: 'Amsterdam' },
  breda: { slug: 'breda', name: 'Breda' },
  delft: { slug: 'delft', name: 'Delft' },
  eindhoven: { slug: 'eindhoven', name: 'Eindhoven' },
  enschede: { slug: 'enschede', name: 'Enschede' },
  groningen: { slug: 'groningen', name: 'Groningen' },
  leeuwarden: { slug: 'leeuwarden', name: 'Leeuwarden' },
  maastricht: { slug: 'maastricht', name: 'Maastricht' },
  'den-haag': { slug: 'the-hague', name: 'Den Haag' },
  utrecht: { slug: 'utrecht', name: 'Utrecht' },
  venlo: { slug: 'venlo', name: 'Venlo' },
  wageningen: { slug: 'wageningen', name: 'Wageningen' },
}

/** City names by Xior's URL slug, for reading a city page back. */
const NAMES_BY_SLUG = Object.fromEntries(Object.values(CITIES).map((city) => [city.slug, city.name]))

/**
 * Xior (xiorstudenthousing.eu): student residences in a dozen Dutch cities. Each city page lists its residences
 * with the lowest rent each offers; every residence is one listing, read inline. See README.md.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'xior',
  name: 'Xior',
  homepage: `${ORIGIN}/`,
  // The site sits behind a Cloudflare managed challenge that plain requests do not pass.
  render: 'browser',
  // A landlord's site rendered in a browser: one page at a time, as a browser page is heavier than a plain request.
  politeness: { concurrency: 1, intervalCap: 1, interval: 3_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-delft.html',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/xior/city-delft.html',
    commit: '35b695e3d3df9210b8665341b4f622af17a37443',
    recorded: '2026-09-24',
    licence: "MIT (repository); the content is Xior's",
  },
  regions: Object.values(CITIES).map((city) => city.name),
  startRequests: (scope) =>
    scope.types.includes('rent')
      ? scope.cities.flatMap((name) => {
          const city = CITIES[toCitySlug(name)]
          return city ? [{ url: `${ORIGIN}/nl/netherlands/${city.slug}/`, label: 'list' as const }] : []
        })
      : [],
  parseListPage: (page) => parseCityPage(page, NAMES_BY_SLUG),
})
