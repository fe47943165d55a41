/**
 * Keys that place a home in each level of the pooling hierarchy.
 */
import type { HomeFeatures } from './types.js'

/**
 * Pooling levels from wide to narrow. Besides the postcode areas there are two segment levels
 * (apartments and houses priced apart within a pc4 or pc5, which the back-test showed to matter)
 * and a "building" level: same pc6, same year built, same dwelling type is nearly always one
 * building or one development, whose homes share a price level.
 */
export const HIERARCHY = ['city', 'pc4', 'pc4Type', 'pc5', 'pc5Type', 'pc6', 'building'] as const

/** One of the {@link HIERARCHY} levels. */
export type HierarchyLevel = (typeof HIERARCHY)[number]

const POSTCODE = /^([1-9]\d{3})([A-Z]{2})?$/

/** Normalises "1234 ab" to "1234AB" (or "1234" when only the digits are known); null when invalid. */
export function normalisePostcode(postcode: string | null | undefined): string | null {
  if (!postcode) return null
  const compact = postcode.replace(/\s+/g, '').toUpperCase()
  return POSTCODE.test(compact) ? compact : null
}

/** Normalises a city name for use as a key: trimmed and lower case; null when empty. */
export function normaliseCity(city: string | null | undefined): string | null {
  const key = city?.trim().toLowerCase()
  return key ? key : null
}

/** The home's key at each {@link HIERARCHY} level, in order; null where the level does not apply. */
export function hierarchyKeys(home: HomeFeatures): (string | null)[] {
  const pc = normalisePostcode(home.postcode)
  const pc4 = pc ? pc.slice(0, 4) : null
  const pc6 = pc && pc.length === 6 ? pc : null
  const pc5 = pc6 ? pc6.slice(0, 5) : null
  const type = home.dwellingType === 'apartment' ? 'a' : home.dwellingType === 'house' ? 'h' : null
  const year = validYear(home.yearBuilt)
  return [
    normaliseCity(home.city),
    pc4,
    pc4 && type ? `${pc4}|${type}` : null,
    pc5,
    pc5 && type ? `${pc5}|${type}` : null,
    pc6,
    pc6 && year !== null ? `${pc6}|${year}|${type ?? '?'}` : null,
  ]
}

/** A plausible year built, or null: listings carry typos such as 0, 19 or 20016. */
export function validYear(year: number | null | undefined): number | null {
  if (year === null || year === undefined || !Number.isInteger(year)) return null
  return year >= 1200 && year <= 2100 ? year : null
}
