import {
  definePreset,
  type ListingInput,
  type ListPageResult,
  type Page,
  ParseError,
  siteCoversScope,
} from '../../../src/kit/index.js'
import { notAHome, toListing } from './zig-listing.js'
import { allObjectsResponseSchema, zigObjectSchema } from './zig-object.js'
import { type ZigOptions, zigOptionsSchema } from './zig-options.js'

/** The portal's whole offer → its listings. Not JSON, or no `result` list: the endpoint changed. */
function readAllObjects(page: Page, options: ZigOptions): ListPageResult {
  let objects: unknown[]
  try {
    objects = allObjectsResponseSchema.parse(page.json()).result
  } catch (error) {
    throw new ParseError(
      'Not a Zig getallobjects response (no "result" list)',
      { url: page.url },
      { cause: error },
    )
  }
  const origin = new URL(page.url).origin
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
              url: new URL(options.listPath, site.homepage).href,
              headers: { 'x-requested-with': 'XMLHttpRequest' },
              label: 'list',
            },
          ]
        : [],
    parseListPage: (page) => readAllObjects(page, options),
  }),
})
