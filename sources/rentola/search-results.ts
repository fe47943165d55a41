import {
  type DWELLING_TYPES,
  type ListingInput,
  type ListPageResult,
  type Page,
  ParseError,
  readJsonLd,
  resolveUrl,
  splitStreetAddress,
} from '../../src/kit/index.js'
import { splitPostcodeCity } from '../_shared/page-text.js'

/** One `RealEstateListing` of the page's JSON-LD, as far as this adapter reads it; every field may be missing. */
interface ListingItem {
  readonly url?: unknown
  readonly offers?: {
    readonly price?: unknown
    readonly priceCurrency?: unknown
    readonly validFrom?: unknown
    readonly itemOffered?: {
      readonly '@type'?: unknown
      readonly address?: { readonly streetAddress?: unknown; readonly addressLocality?: unknown }
      readonly floorSize?: { readonly value?: unknown; readonly unitCode?: unknown }
    }
  }
}

/** The schema.org types Rentola gives a home, as the listing schema names them. */
const DWELLING_OF_TYPE: Readonly<Record<string, (typeof DWELLING_TYPES)[number]>> = {
  Room: 'room',
  Apartment: 'apartment',
  House: 'house',
  SingleFamilyResidence: 'house',
}

/** The kind of home a schema.org `@type` names, or null for any other value. */
function dwellingOf(type: unknown): (typeof DWELLING_TYPES)[number] | null {
  return typeof type === 'string' && Object.hasOwn(DWELLING_OF_TYPE, type) ? DWELLING_OF_TYPE[type]! : null
}

/** A listing URL ends in Rentola's own id: `/listings/achterom-p5dff1f` → `p5dff1f`. */
export function listingIdFromUrl(url: string): string | null {
  return /^\/listings\/(?:[a-z0-9-]*-)?(p[0-9a-f]{6,})\/?$/.exec(new URL(url).pathname)?.[1] ?? null
}

/**
 * "Achterom 52, 2611 PR Delft, Netherlands", "In de Hoven, Delflandplein 522, 2624 GD Delft, Netherlands" → the
 * street (the part before the postcode) and the postcode. The house number is dropped: Rentola geocodes the
 * original address and prints the nearest address it found, which often has another number (the listing named
 * "Van Embdenstraat 676" is printed as "Van Embdenstraat 628"), so it would point at the wrong home.
 */
function readAddress(text: string): { street: string | null; postcode: string | null } {
  const parts = text.split(',').map((part) => part.trim())
  const at = parts.findIndex((part) => splitPostcodeCity(part) !== null)
  if (at === -1) return { street: null, postcode: null }
  const { street } = splitStreetAddress(parts[at - 1] ?? '')
  return {
    street: street && street.toLowerCase() !== 'unnamed road' ? street : null,
    postcode: splitPostcodeCity(parts[at]!)!.postcode,
  }
}

/** One JSON-LD item → a listing; what the item lacks is left out, so validation names it. */
function readItem(item: ListingItem, page: Page): ListingInput {
  const url = (typeof item.url === 'string' && resolveUrl(item.url, page.url)) || ''
  const offer = item.offers
  const home = offer?.itemOffered
  const address = typeof home?.address?.streetAddress === 'string' ? home.address.streetAddress : ''
  const { street, postcode } = readAddress(address)
  const area = home?.floorSize?.unitCode === 'MTK' ? home.floorSize.value : undefined
  return {
    sourceListingId: (url && listingIdFromUrl(url)) || '',
    url,
    type: 'rent',
    // Rentola lists monthly rents in euros; a price in another currency is not one we can store.
    price: offer?.priceCurrency === 'EUR' && typeof offer.price === 'number' ? offer.price : null,
    surfaceArea: typeof area === 'number' ? area : null,
    dwellingType: dwellingOf(home?.['@type']),
    street,
    postcode,
    city: typeof home?.address?.addressLocality === 'string' ? home.address.addressLocality : '',
    listedAt: typeof offer?.validFrom === 'string' ? offer.validFrom : null,
  }
}

/** The value when it is an object, else an empty one: a JSON-LD item of another shape reads as an item without fields. */
function objectOr(value: unknown): ListingItem {
  return typeof value === 'object' && value !== null ? (value as ListingItem) : {}
}

/** The page's `SearchResultsPage` JSON-LD block, or undefined. */
function searchResults(page: Page): { mainEntity?: { itemListElement?: unknown } } | undefined {
  return readJsonLd(page.$).find(
    (block): block is { mainEntity?: { itemListElement?: unknown } } =>
      typeof block === 'object' &&
      block !== null &&
      (block as { '@type'?: unknown })['@type'] === 'SearchResultsPage',
  )
}

/**
 * A search page → its listings, complete in the JSON-LD `SearchResultsPage` block (the cards below render the same
 * data), and the next page if the page links one (`rel="next"`). An empty item list is an empty search; a page
 * without the block is a layout change.
 */
export function parseSearchResults(page: Page): ListPageResult {
  const results = searchResults(page)
  const items = results?.mainEntity?.itemListElement
  if (!Array.isArray(items)) {
    throw new ParseError('No SearchResultsPage item list: not a search page, or the layout changed', {
      url: page.url,
    })
  }
  if (items.length === 0) return { noResults: true }
  const next = resolveUrl(page.$('link[rel="next"], a[rel="next"]').first().attr('href'), page.url)
  return {
    listings: items.map((entry) => readItem(objectOr((entry as { item?: unknown } | null)?.item), page)),
    nextRequest: next ? { url: next, label: 'list' } : undefined,
  }
}
