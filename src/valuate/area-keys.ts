/**
 * Keys that place a home in each level of the pooling hierarchy.
 */
import { postcodeKey } from '../normalise/index.js'
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

// A postcode's area key: its four digits, then the two letters where they are known.
const AREA_POSTCODE = /^[1-9]\d{3}(?:[A-Z]{2})?$/

/**
 * The postcode of a home as the pooling hierarchy keys it: the {@link postcodeKey} form ("3511 gv" → "3511GV"), or
 * the four digits when only those are known ("3511"); null when it is neither. Unlike `normalisePostcode` it keeps a
 * bare four-digit area and letter pairs PostNL never issues, as back-test files may carry either, and a fitted model's
 * area keys must not change with the rules for a listing's postcode.
 */
export function areaPostcode(postcode: string | null | undefined): string | null {
  if (!postcode) return null
  const key = postcodeKey(postcode)
  return AREA_POSTCODE.test(key) ? key : null
}

/**
 * The place of a home as the pooling hierarchy keys it: trimmed and lower case; null when empty. Not `cityKey`,
 * which also folds diacritics and aliases ("Den Haag" and "'s-Gravenhage" are one key there, two here): a fitted
 * model stores its city offsets under these keys, so changing the rule would change every stored model.
 */
export function areaCity(city: string | null | undefined): string | null {
  const key = city?.trim().toLowerCase()
  return key ? key : null
}

/** The home's key at each {@link HIERARCHY} level, in order; null where the level does not apply. */
export function hierarchyKeys(home: HomeFeatures): (string | null)[] {
  const pc = areaPostcode(home.postcode)
  const pc4 = pc ? pc.slice(0, 4) : null
  const pc6 = pc && pc.length === 6 ? pc : null
  const pc5 = pc6 ? pc6.slice(0, 5) : null
  const type = home.dwellingType === 'apartment' ? 'a' : home.dwellingType === 'house' ? 'h' : null
  const year = validYear(home.yearBuilt)
  return [
    areaCity(home.city),
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

/** The homes of a fit grouped at one {@link HIERARCHY} level. */
export interface AreaGroups {
  /** Each home's group, -1 where the level does not apply. Groups are numbered in order of first appearance. */
  readonly group: Int32Array
  /** Each group's key, as {@link hierarchyKeys} gives it. */
  readonly keys: readonly string[]
}

/**
 * One level's groups as {@link areaGroups} numbers them, by their key or by a number that stands for it (`K`). Looked
 * up and added apart, so that the key string is made only for a group not seen yet.
 */
class GroupIndex<K extends string | number> {
  readonly group: Int32Array
  readonly keys: string[] = []
  private readonly index = new Map<K, number>()

  constructor(n: number) {
    this.group = new Int32Array(n)
  }

  /** The group of `code`, or -1 when it has none yet. */
  find(code: K): number {
    return this.index.get(code) ?? -1
  }

  /** Numbers a new group: `code` stands for `key`. */
  add(code: K, key: string): number {
    const g = this.index.size
    this.index.set(code, g)
    this.keys.push(key)
    return g
  }

  /** The group of a key that stands for itself. */
  of(this: GroupIndex<string>, key: string): number {
    const g = this.find(key)
    return g >= 0 ? g : this.add(key, key)
  }
}

/**
 * Groups homes at every {@link HIERARCHY} level: the same groups, keys and numbering as {@link hierarchyKeys} gives
 * home by home, but each distinct postcode and place name is worked out once and the narrower levels are found by
 * number, so that a key string is made per group rather than per home and level (seven strings per home were a
 * fifth of a national fit).
 */
export function areaGroups(homes: readonly HomeFeatures[]): AreaGroups[] {
  const n = homes.length
  const city = new GroupIndex<string>(n)
  const [pc4, pc5, pc6] = [new GroupIndex<string>(n), new GroupIndex<string>(n), new GroupIndex<string>(n)]
  const [pc4Type, pc5Type, building] = [
    new GroupIndex<number>(n),
    new GroupIndex<number>(n),
    new GroupIndex<number>(n),
  ]
  const levels: Record<HierarchyLevel, AreaGroups> = { city, pc4, pc4Type, pc5, pc5Type, pc6, building }
  // Per postcode and place name as the homes spell them: the normalised postcode and its groups, the city's group.
  const postcodes = new Map<string, readonly [pc: string | null, g4: number, g5: number, g6: number]>()
  const cities = new Map<string, number>()
  for (let i = 0; i < n; i++) {
    const home = homes[i] as HomeFeatures
    let gCity = cities.get(home.city ?? '')
    if (gCity === undefined) {
      const key = areaCity(home.city)
      gCity = key === null ? -1 : city.of(key)
      cities.set(home.city ?? '', gCity)
    }
    city.group[i] = gCity
    let place = postcodes.get(home.postcode ?? '')
    if (place === undefined) {
      const pc = areaPostcode(home.postcode)
      const six = pc !== null && pc.length === 6
      place = [
        pc,
        pc === null ? -1 : pc4.of(pc.slice(0, 4)),
        six ? pc5.of(pc.slice(0, 5)) : -1,
        six ? pc6.of(pc) : -1,
      ]
      postcodes.set(home.postcode ?? '', place)
    }
    const [pc, g4, g5, g6] = place
    pc4.group[i] = g4
    pc5.group[i] = g5
    pc6.group[i] = g6
    const type = home.dwellingType === 'apartment' ? 'a' : home.dwellingType === 'house' ? 'h' : null
    // By number: a group of the narrower levels is its wider group's number with the type (0 apartment, 1 house, 2
    // unknown) and, for a building, the year.
    const t = type === 'a' ? 0 : type === 'h' ? 1 : 2
    let g = -1
    if (g4 >= 0 && type) {
      g = pc4Type.find(g4 * 2 + t)
      if (g < 0) g = pc4Type.add(g4 * 2 + t, `${pc4.keys[g4]}|${type}`)
    }
    pc4Type.group[i] = g
    g = -1
    if (g5 >= 0 && type) {
      g = pc5Type.find(g5 * 2 + t)
      if (g < 0) g = pc5Type.add(g5 * 2 + t, `${pc5.keys[g5]}|${type}`)
    }
    pc5Type.group[i] = g
    g = -1
    const year = validYear(home.yearBuilt)
    if (g6 >= 0 && year !== null) {
      const code = (g6 * 3 + t) * 1024 + (year - 1200)
      g = building.find(code)
      if (g < 0) g = building.add(code, `${pc}|${year}|${type ?? '?'}`)
    }
    building.group[i] = g
  }
  return HIERARCHY.map((name) => levels[name])
}
