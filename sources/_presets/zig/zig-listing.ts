import { dwellingFromWord, type ListingInput } from '../../../src/kit/index.js'
import type { ZigObject } from './zig-object.js'
import type { ZigOptions } from './zig-options.js'

/** The `land` ids of objects in the Netherlands: 524 is its ISO number; some portals send 0 for their own. */
const DUTCH_LAND_IDS = new Set(['524', '0'])

/**
 * Why an object is not a home on offer, or null when it is. Portals also publish garages and parking, home swaps
 * between tenants and, on student portals, rooms abroad; none of these is a Dutch home a landlord offers.
 */
export function notAHome(object: ZigObject, options: ZigOptions): string | null {
  const category = object.dwellingType?.categorie
  if (category && !options.homeCategories.includes(category)) return `category ${category}`
  if (object.isWoningruil || object.model?.modelCategorie?.code === 'woningruil') return 'a home swap'
  if (object.isGepubliceerd === false) return 'not published'
  const land = object.land?.id
  if (land && !DUTCH_LAND_IDS.has(land)) return `abroad (land ${land})`
  return null
}

/** A positive figure, or null: the portals write 0 where they have no value. */
const positive = (value: number | undefined): number | null =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : null

/** The house number as printed: number and addition ("20" and "- 1.9" → "20 1.9"); null without a number. */
export function printedHouseNumber(object: ZigObject): string | null {
  const number = object.houseNumber?.trim()
  if (!number) return null
  const addition = object.houseNumberAddition?.replace(/^[\s-]+/, '').trim()
  return addition ? `${number} ${addition}` : number
}

/** "icon_label_a_plus_plus" → "A++"; the portals name the energy label only by its icon. */
export function energyLabelOfIcon(icon: string | null | undefined): string | null {
  if (!icon?.startsWith('icon_label_')) return null
  return icon.slice('icon_label_'.length).replaceAll('_plus', '+').toUpperCase()
}

/** The kind of home: the portal's label ("Flat met lift"), or a shared unit ("Onzelfstandig") as a room. */
function dwellingOf(object: ZigObject): ListingInput['dwellingType'] {
  const fromLabel = dwellingFromWord(object.dwellingType?.localizedName ?? '')
  if (fromLabel) return fromLabel
  return object.woningsoort?.localizedNaam?.toLowerCase() === 'onzelfstandig' ? 'room' : null
}

/**
 * One object → a listing, not yet validated. Rent is the total a tenant pays each month (basic rent plus service
 * costs), as the portals print it first; the basic rent stands in when the total is missing. The rooms field
 * counts bedrooms only, so rooms stay empty.
 */
export function toListing(object: ZigObject, origin: string, options: ZigOptions): ListingInput {
  const type = object.rentBuy === 'Koop' ? 'buy' : 'rent'
  return {
    sourceListingId: object.id ?? '',
    url: object.urlKey ? new URL(`${options.detailPath}${object.urlKey}`, origin).href : '',
    type,
    price:
      type === 'buy'
        ? positive(object.sellingPrice)
        : (positive(object.totalRent) ?? positive(object.netRent)),
    surfaceArea: positive(object.areaDwelling),
    energyLabel: energyLabelOfIcon(object.energyLabel?.icon),
    yearBuilt: positive(object.constructionYear),
    dwellingType: dwellingOf(object),
    street: object.street?.trim() || null,
    houseNumber: printedHouseNumber(object),
    postcode: object.postalcode?.trim() || null,
    city: object.city?.name?.trim() || object.municipality?.name?.trim() || '',
    listedAt: object.publicationDate ?? null,
  }
}
