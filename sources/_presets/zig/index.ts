import {
  definePreset,
  type ListingInput,
  type ListPageResult,
  type Page,
  ParseError,
  siteCoversScope,
} from '../../../src/kit/index.js'
import { notAHome, toListing } from './zig-listing.js'
import { offerResponseSchema, zigObjectSchema } from './zig-object.js'
import { offerEndpoint, type ZigOptions, zigOptionsSchema } from './zig-options.js'

/**
 * The portal's whole offer → its listings, with detail pages on the portal's own site (the aanbod API is on
 * another host). Not JSON, or no list under the endpoint's key: the endpoint changed.
 */
function readOffer(page: Page, options: ZigOptions, homepage: string): ListPageResult {
  const { key } = offerEndpoint(options, homepage)
  let objects: unknown[]
  try {
    objects = offerResponseSchema(key).parse(page.json())[key] as unknown[]
  } catch (error) {
    const endpoint = key === 'data' ? 'aanbod API' : 'getallobjects'
    throw new ParseError(
      `Not a Zig ${endpoint} response (no "${key}" list)`,
      { url: page.url },
      { cause: error },
    )
  }
  const origin = new URL(homepage).origin
  const listings: ListingInput[] = []
  for (const raw of objects) {
    const object = zigObjectSchema.parse(raw)
    if (notAHome(object, options) === null) listings.push(toListing(object, origin, options))
  }
  return { listings, noResults: objects.length === 0 }
}

/**
 * Zig Websoftware's housing portal (also sold as Hexia and "Woonmatch"): social-housing portals that serve their
 * whole offer from one anonymous JSON endpoint. One request per crawl carries every listing; no detail pages.
 */
export default definePreset<ZigOptions>({
  id: 'zig',
  name: 'Zig / Hexia housing portal',
  description:
    'Social-housing and student-housing portals built by Zig Websoftware (Hexia), which list their whole offer at ' +
    '/portal/object/frontend/getallobjects/format/json: Woonnet Haaglanden, Huren in Holland Rijnland, RoomMatch, ' +
    'Plaza and about two dozen more.',
  offers: ['rent', 'buy'],
  options: zigOptionsSchema,
  build: (site, options) => ({
    startRequests: (scope) =>
      siteCoversScope(site, scope)
        ? [
            {
              url: offerEndpoint(options, site.homepage).url,
              headers: { 'x-requested-with': 'XMLHttpRequest' },
              label: 'list',
            },
          ]
        : [],
    parseListPage: (page) => readOffer(page, options, site.homepage),
  }),
})
