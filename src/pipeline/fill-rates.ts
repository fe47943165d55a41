import type { Listing } from '../kit/listing.js'

/**
 * The listing fields whose fill rate the health watch records per run and compares with the source's recent runs:
 * those a valid listing may leave empty (type and city are required, so always filled). Keyed as the API and
 * `/metrics` name them, each with its name in a sentence and how to read it from a listing.
 */
export const FILL_FIELDS = {
  price: { name: 'price', of: (l: Listing) => l.price },
  surface_area: { name: 'living area', of: (l: Listing) => l.surfaceArea },
  postcode: { name: 'postcode', of: (l: Listing) => l.postcode },
  house_number: { name: 'house number', of: (l: Listing) => l.houseNumber },
  street: { name: 'street', of: (l: Listing) => l.street },
  listed_at: { name: 'listing date', of: (l: Listing) => l.listedAt },
} as const

/** A field {@link FILL_FIELDS} names. */
export type FillField = keyof typeof FILL_FIELDS

/** Every field {@link FILL_FIELDS} names, in its order. */
export const FILL_FIELD_KEYS = Object.keys(FILL_FIELDS) as readonly FillField[]

/** Per field, the percentage (0 to 100, one decimal) of the listings a run parsed that had it. */
export type FillRates = Readonly<Record<FillField, number>>

/** What a run parsed of a source: how many listings, and each field's fill rate among them. */
export interface FillSample {
  readonly parsed: number
  readonly rates: FillRates
}

/** Counts, listing by listing, how often each field is filled. */
export interface FillCounter {
  add(listing: Listing): void
  /** What was counted so far; null before the first listing. */
  sample(): FillSample | null
}

/**
 * A counter of the fields the parser filled. It sees listings as the source gave them, before normalising and
 * resolving: the watch is on the source's parsing, which a register look-up must not hide.
 */
export function createFillCounter(): FillCounter {
  const filled = Object.fromEntries(FILL_FIELD_KEYS.map((field) => [field, 0])) as Record<FillField, number>
  let parsed = 0
  return {
    add(listing) {
      parsed++
      for (const field of FILL_FIELD_KEYS) {
        const value = FILL_FIELDS[field].of(listing)
        if (value !== null && value !== '') filled[field]++
      }
    },
    sample() {
      if (parsed === 0) return null
      const rates = Object.fromEntries(
        FILL_FIELD_KEYS.map((field) => [field, Math.round((filled[field] * 1000) / parsed) / 10]),
      ) as FillRates
      return { parsed, rates }
    },
  }
}

/**
 * Reads fill rates stored as JSON; null for none, or for a value that is not an object of numbers. A field missing
 * from it (one added to {@link FILL_FIELDS} since) is left out of what it returns.
 */
export function readFillRates(json: string | null): Partial<FillRates> | null {
  if (json === null) return null
  try {
    const value: unknown = JSON.parse(json)
    if (typeof value !== 'object' || value === null) return null
    const entries = Object.entries(value).filter(
      (entry): entry is [FillField, number] => entry[0] in FILL_FIELDS && typeof entry[1] === 'number',
    )
    return Object.fromEntries(entries)
  } catch {
    return null
  }
}
