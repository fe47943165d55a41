import {
  dutchDate,
  dwellingFromWord,
  isLetOrSold,
  type ListingInput,
  type OfferType,
  parseEuro,
  parsePrice,
  resolveUrl,
  splitStreetAddress,
} from '../../../src/kit/index.js'

/** One entry of the listings JSON, read field by field: a field of the wrong type counts as absent. */
type Item = Readonly<Record<string, unknown>>

/** The 24-hex object id OGonline ends a listing URL with. */
const OBJECT_ID = /\/([0-9a-f]{24})\/?$/i
const NETHERLANDS = /^(?:nederland|netherlands|the netherlands|nl)$/i

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null

/** A figure given as a number or as text. The API writes 0 where it has no value, so 0 is no value. */
function positive(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? parseEuro(value) : null
  return n !== null && Number.isFinite(n) && n > 0 ? n : null
}

/** The object id at the end of the URL; a site whose URLs carry none is keyed by the URL's path. */
function objectIdOf(url: string): string {
  if (url === '') return ''
  const path = new URL(url).pathname
  return OBJECT_ID.exec(path)?.[1]?.toLowerCase() ?? path.replace(/\/+$/, '')
}

/** `added` is a Unix time in seconds: the home was offered on the date it names in the Netherlands. */
function listedAtOf(added: unknown): string | null {
  return typeof added === 'number' && added > 0 ? dutchDate(new Date(added * 1000)) : null
}

/** `mainType` ("apartment", "Woonhuis") names the kind of home; a kind the schema has no word for is "other". */
function dwellingOf(item: Item): ListingInput['dwellingType'] {
  const mainType = text(item['mainType'])
  if (mainType === null) return null
  return dwellingFromWord(mainType) ?? dwellingFromWord(text(item['type']) ?? '') ?? 'other'
}

/** The offer types the entry says it is offered as. */
function offersOf(item: Item): OfferType[] {
  const offers: OfferType[] = []
  if (item['isRentals'] === true) offers.push('rent')
  if (item['isSales'] === true) offers.push('buy')
  return offers
}

/** Agents' sites also list homes abroad (the entry then names the country); the pipeline covers Dutch homes. */
function isAbroad(item: Item): boolean {
  const country = text(item['country'])
  return country !== null && !NETHERLANDS.test(country)
}

/** The entry's status, as its English code where it has one ("rented") and else as shown ("Verhuurd"). */
const isOffered = (item: Item) => !isLetOrSold(text(item['statusOrig'])) && !isLetOrSold(text(item['status']))

/** The price for one offer type; "op aanvraag" in the shown price text when the figure is missing. */
function priceOf(item: Item, type: OfferType): Pick<ListingInput, 'price' | 'priceOnRequest'> {
  const price = positive(type === 'rent' ? item['rentalsPrice'] : item['salesPrice'])
  return { price, priceOnRequest: price === null && parsePrice(text(item['price'])).onRequest }
}

/**
 * One entry of the listings JSON → a listing per offer type it has among `types`; none for a home that is let or
 * sold, or abroad. A listing is one offer of one home: the rental is keyed by the object id and the sale by the
 * object id and "/koop", whatever else the entry offers, so that a listing keeps its id (and its history) when the
 * home's other offer comes or goes. Relative URLs are read against `base`.
 */
export function itemListings(raw: unknown, base: string, types: readonly OfferType[]): ListingInput[] {
  const item: Item = typeof raw === 'object' && raw !== null ? (raw as Item) : {}
  const offers = offersOf(item)
  const wanted = offers.filter((type) => types.includes(type))
  if (wanted.length === 0 || !isOffered(item) || isAbroad(item)) return []
  const url = resolveUrl(text(item['url']), base) ?? ''
  const id = objectIdOf(url)
  const { street, houseNumber } = splitStreetAddress(text(item['address']) ?? '')
  return wanted.map((type) => ({
    sourceListingId: type === 'rent' ? id : `${id}/koop`,
    url,
    type,
    ...priceOf(item, type),
    surfaceArea: positive(item['livingSurface']),
    rooms: positive(item['rooms']),
    energyLabel: text(item['energyLabel']),
    dwellingType: dwellingOf(item),
    street: street || null,
    houseNumber,
    postcode: text(item['zipcode']),
    city: text(item['city']) ?? '',
    listedAt: listedAtOf(item['added']),
  }))
}
