import { z } from 'zod'
import { type ListingInput, type ListPageResult, type Page, ParseError } from '../../src/kit/index.js'
import { ORIGIN } from './search-request.js'

/** Vesteda's `UnitStatus`: 1 for rent, 2 rented, 3 rented under reservation, 4 reserved, 5 new. */
const RENTED = 2
/** `entitytypeid` 2 is a whole complex advertised as one card, not a home. */
const COMPLEX = 2

/** The fields we read of one unit; the rest (images, target groups, complex prices) is ignored. */
const unitSchema = z.object({
  id: z.number().int(),
  url: z.string().startsWith('/'),
  street: z.string().nullish(),
  houseNumber: z.string().nullish(),
  houseNumberAddition: z.string().nullish(),
  postalCode: z.string().nullish(),
  city: z.string(),
  size: z.number().nullish(),
  priceUnformatted: z.number().nullish(),
  status: z.number().int().nullish(),
  entitytypeid: z.number().int().nullish(),
  entitysubtypelabel: z.string().nullish(),
})

const responseSchema = z.object({
  results: z.object({ objects: z.array(z.unknown()), objectsCount: z.number().int() }),
})

/** `entitysubtypelabel` → our kind of home; Vesteda lets flats and family houses. */
const dwellingOf = (label: string | null | undefined) =>
  !label ? null : /woning|huis/i.test(label) ? 'house' : /studio/i.test(label) ? 'studio' : 'apartment'

/** One unit → a listing; null when it is rented, a whole complex, or not of this shape. */
function toListing(raw: unknown): ListingInput | null {
  const parsed = unitSchema.safeParse(raw)
  if (!parsed.success || parsed.data.status === RENTED || parsed.data.entitytypeid === COMPLEX) return null
  const unit = parsed.data
  return {
    sourceListingId: String(unit.id),
    url: `${ORIGIN}${unit.url}`,
    type: 'rent',
    // The bare rent, as the search card prints it; service costs are on the unit page only.
    price: unit.priceUnformatted ?? null,
    surfaceArea: unit.size || null,
    dwellingType: dwellingOf(unit.entitysubtypelabel),
    street: unit.street?.trim() || null,
    houseNumber: [unit.houseNumber, unit.houseNumberAddition].filter(Boolean).join(' ') || null,
    postcode: unit.postalCode ?? null,
    city: unit.city.trim(),
  }
}

/** A search answer → its listings. One answer holds every unit around the place; there is no next page. */
export function parseSearchResponse(page: Page): ListPageResult {
  let results: z.infer<typeof responseSchema>['results']
  try {
    results = responseSchema.parse(page.json()).results
  } catch (error) {
    throw new ParseError('Not a Vesteda unit search response', { url: page.url }, { cause: error })
  }
  return {
    listings: results.objects.map(toListing).filter((listing): listing is ListingInput => listing !== null),
    noResults: results.objectsCount === 0,
  }
}
