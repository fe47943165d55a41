import { splitStreetAddress } from '../normalise/split-street-address.js'
import type { OfferType } from './adapter.js'
import type { ListingInput } from './listing.js'
import { parsePrice } from './text-parsers.js'

/**
 * What a search card or a detail page shows of a listing, field by field, as the site prints it: text from markup
 * or a value from JSON. Undefined or null is a field the page does not show.
 */
export interface CardValues {
  /** "€ 1.250,- per maand", "Prijs op aanvraag", 1250. */
  readonly price?: unknown
  /** The street and house number ("Voorbeeldstraat 12-A"), or the street alone when `houseNumber` is given. */
  readonly address?: unknown
  readonly houseNumber?: unknown
  /** A postcode, or a text holding one ("2611 AB Delft"). */
  readonly postcode?: unknown
  readonly city?: unknown
  /** "62 m²", 62. */
  readonly area?: unknown
  /** "3 kamers", 3. */
  readonly rooms?: unknown
  readonly energyLabel?: unknown
  readonly yearBuilt?: unknown
  /** "Beschikbaar", "Verhuurd": see `isLetOrSold`. */
  readonly status?: unknown
}

/** The card fields, for option schemas and messages. */
export const CARD_FIELDS = [
  'price',
  'address',
  'houseNumber',
  'postcode',
  'city',
  'area',
  'rooms',
  'energyLabel',
  'yearBuilt',
  'status',
] as const satisfies readonly (keyof CardValues)[]

const POSTCODE = /\b[1-9]\d{3}\s?[a-z]{2}\b/i

/** A value as a listing field takes it: text trimmed, a number as is, anything else as text that will not read. */
function shown(value: unknown): string | number | null {
  if (value === undefined || value === null) return null
  if (typeof value === 'number') return value
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || null
  return JSON.stringify(value)
}

/** The text of a value, for fields read as text ('' when absent). */
const textOf = (value: unknown): string => String(shown(value) ?? '')

/** The postcode in a text that also holds the city; the text itself when it holds none, so it is refused by name. */
function postcodeOf(value: unknown): string | null {
  const given = textOf(value)
  return POSTCODE.exec(given)?.[0] ?? (given || null)
}

/** Street and house number from one address, or from two fields when the page gives the number apart. */
function addressOf(values: CardValues): { street: string | null; houseNumber: string | null } {
  const address = textOf(values.address)
  const number = textOf(values.houseNumber)
  if (number !== '') return { street: address || null, houseNumber: number }
  const split = splitStreetAddress(address)
  return { street: split.street || null, houseNumber: split.houseNumber }
}

/**
 * A listing from what a card shows. Fields it lacks stay empty, so a card without a price, a city or an id is a
 * listing the validation refuses with the field's name, never one silently dropped.
 */
export function cardListing(card: {
  readonly id: string
  readonly url: string
  readonly type: OfferType
  readonly values: CardValues
}): ListingInput {
  const { values } = card
  const price = parsePrice(textOf(values.price))
  return {
    sourceListingId: card.id,
    url: card.url,
    type: card.type,
    price: price.amount,
    priceOnRequest: price.onRequest,
    surfaceArea: shown(values.area),
    rooms: shown(values.rooms),
    energyLabel: textOf(values.energyLabel) || null,
    yearBuilt: shown(values.yearBuilt),
    ...addressOf(values),
    postcode: postcodeOf(values.postcode),
    city: textOf(values.city),
  }
}
