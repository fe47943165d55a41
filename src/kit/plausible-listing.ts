import { addDays, dutchDate } from './dutch-date.js'
import type { DwellingType } from './dwelling-from-word.js'
import { type Bound, boundsOf } from './listing-bounds.js'

/** What the plausibility rules read of a listing that passed the schema's checks of form. */
export interface ListingFacts {
  readonly type: 'rent' | 'buy'
  readonly price: number | null
  readonly surfaceArea: number | null
  readonly dwellingType: DwellingType | null
  readonly listedAt: string | null
}

/** A value that cannot be true: the field it is in and why, as a reject states it (`field: message`). */
export interface Implausible {
  readonly field: string
  readonly message: string
}

/**
 * The earliest listing date taken. Chosen as: no Dutch listing site was online before then (Funda opened in 2001), so
 * an earlier date is a typo or a placeholder, and one such date would stretch the valuation's time trend by decades.
 */
export const EARLIEST_LISTING_DATE = '2000-01-01'

const euro = (n: number) => `EUR ${n.toLocaleString('en-GB', { maximumFractionDigits: n < 10 ? 2 : 0 })}`
const m2 = (n: number) => `${n.toLocaleString('en-GB', { maximumFractionDigits: 1 })} m²`

/** "a room to rent", "a house for sale", "a home to rent of no stated kind": what the bounds were chosen for. */
function offerOf({ type, dwellingType }: ListingFacts): string {
  const kind =
    dwellingType === null ? 'home' : dwellingType === 'other' ? 'home of another kind' : dwellingType
  const article = /^[aeiou]/.test(kind) ? 'an' : 'a'
  const offer = `${article} ${kind} ${type === 'rent' ? 'to rent' : 'for sale'}`
  return dwellingType === null ? `${offer} of no stated kind` : offer
}

/** The message of a value outside its bound, or null within it: "… is below 4 m², the least taken for …". */
function outside(value: number, [min, max]: Bound, shown: (n: number) => string, of: string): string | null {
  if (value < min) return `${shown(value)} is below ${shown(min)}, the least taken for ${of}`
  if (value > max) return `${shown(value)} is above ${shown(max)}, the most taken for ${of}`
  return null
}

/**
 * A listing date after tomorrow in the Netherlands: the date a home was first offered cannot lie in the future (a
 * day's grace for a site whose clock or time zone runs ahead). `now` is the moment of checking.
 */
export function listedInFuture(listing: ListingFacts, now: Date): Implausible | null {
  if (listing.listedAt === null) return null
  const tomorrow = addDays(dutchDate(now), 1)
  if (listing.listedAt <= tomorrow) return null
  return {
    field: 'listedAt',
    message: `${listing.listedAt} is after tomorrow (${tomorrow} in the Netherlands): a home cannot have been offered on a day still to come`,
  }
}

/** A listing date before {@link EARLIEST_LISTING_DATE}. */
export function listedBeforeListingSites(listing: ListingFacts): Implausible | null {
  if (listing.listedAt === null || listing.listedAt >= EARLIEST_LISTING_DATE) return null
  return {
    field: 'listedAt',
    message: `${listing.listedAt} is before ${EARLIEST_LISTING_DATE}, earlier than any Dutch listing site: a typo or a placeholder`,
  }
}

/** A living area outside the bounds of its offer and kind of home. */
export function areaOutOfBounds(listing: ListingFacts): Implausible | null {
  if (listing.surfaceArea === null) return null
  const bound = boundsOf(listing.type, listing.dwellingType).area
  const message = outside(listing.surfaceArea, bound, m2, offerOf(listing))
  return message ? { field: 'surfaceArea', message } : null
}

/** A price (a monthly rent) outside the bounds of its offer and kind of home. */
export function priceOutOfBounds(listing: ListingFacts): Implausible | null {
  if (listing.price === null) return null
  const bound = boundsOf(listing.type, listing.dwellingType).price
  const shown = listing.type === 'rent' ? (n: number) => `${euro(n)} a month` : euro
  const message = outside(listing.price, bound, shown, offerOf(listing))
  return message ? { field: 'price', message } : null
}

/** A price per m² of living area outside the bounds of its offer and kind of home: the two figures do not fit. */
export function pricePerM2OutOfBounds(listing: ListingFacts): Implausible | null {
  const { price, surfaceArea } = listing
  if (price === null || surfaceArea === null || !(surfaceArea > 0)) return null
  const bound = boundsOf(listing.type, listing.dwellingType).pricePerM2
  const message = outside(price / surfaceArea, bound, (n) => `${euro(n)} per m²`, offerOf(listing))
  if (!message) return null
  const per = listing.type === 'rent' ? ' a month' : ''
  return { field: 'pricePerM2', message: `${euro(price)}${per} for ${m2(surfaceArea)}: ${message}` }
}

/** Every value of a listing that cannot be true, one rule each; empty when none. `now` is the moment of checking. */
export function implausibleValues(listing: ListingFacts, now: Date): Implausible[] {
  return [
    listedInFuture(listing, now),
    listedBeforeListingSites(listing),
    areaOutOfBounds(listing),
    priceOutOfBounds(listing),
    pricePerM2OutOfBounds(listing),
  ].filter((found): found is Implausible => found !== null)
}
