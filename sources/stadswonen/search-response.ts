import { z } from 'zod'
import { type ListingInput, splitStreetAddress } from '../../src/kit/index.js'

/** Stadswonen rents only in Rotterdam; its items name no city. */
export const CITY = 'Rotterdam'

/** Stadswonen's `objectType` → our kind of home. */
const DWELLING_TYPES: Readonly<Record<string, 'room' | 'studio' | 'apartment' | 'house'>> = {
  kamer: 'room',
  studio: 'studio',
  appartement: 'apartment',
  woning: 'house',
}

/** The fields we read from one item; the rest (targets, income bounds, deadlines) is ignored. */
const itemSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  url: z.string().min(1),
  category: z.string().nullish(),
  objectType: z.string().nullish(),
  price: z.number().nullish(),
  surface: z.number().nullish(),
  rooms: z.number().nullish(),
  energyLabel: z.string().nullish(),
  year: z.number().nullish(),
})

/** The search response: the items of one page and where that page sits. */
export const responseSchema = z.object({
  items: z.array(z.unknown()),
  paging: z.object({
    size: z.number().int().positive(),
    page: z.number().int().positive(),
    total: z.number().int(),
  }),
})

/** A number the API gives as 0 when the office did not fill it in: absent, not zero. */
const filledIn = (n: number | null | undefined) => (n ? n : null)

/**
 * One item → a listing, or null when it is not an item of this shape or not for rent. Its `name` is the address
 * ("Rivierstraat 41A /1"); the price is the bare rent the site prints, without service costs.
 */
export function toListing(raw: unknown, site: string): ListingInput | null {
  const parsed = itemSchema.safeParse(raw)
  if (!parsed.success || (parsed.data.category && parsed.data.category !== 'rent')) return null
  const item = parsed.data
  const { street, houseNumber } = splitStreetAddress(item.name.trim())
  return {
    sourceListingId: item.id,
    url: `${site}/nl/aanbod/${item.url}`,
    type: 'rent',
    price: item.price ?? null,
    surfaceArea: filledIn(item.surface),
    rooms: filledIn(item.rooms),
    energyLabel: item.energyLabel ?? null,
    yearBuilt: filledIn(item.year),
    dwellingType: DWELLING_TYPES[(item.objectType ?? '').toLowerCase()] ?? 'other',
    street: street || null,
    houseNumber,
    city: CITY,
  }
}
