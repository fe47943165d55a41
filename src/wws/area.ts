import type { WwsFacts } from './facts.js'
import { Bounds, type Range } from './range.js'
import { divideRounded, toHundredths, toQuarter } from './rounding.js'

/**
 * The WWS counts rooms (vertrekken, 1 point a m², group 1) and other spaces (overige ruimten, 0.75 a m², group 2),
 * measured inside the walls at 1.5 m height and each summed to whole m². The BAG's usable area (gebruiksoppervlakte,
 * NEN 2580) holds them and more: internal walls, the hall, landings and stairs, meter cupboards, small shafts. So
 * rooms + other ≤ usable area; and, as a documented judgement (docs/wws.md), rooms + other ≥ 60 % of it.
 */
export const COUNTED_SHARE_OF_USABLE = { low: 6, high: 10 } as const // tenths

/**
 * Group 2 scores 0.75 a whole m² (a quarter multiple already); an attic reached without fixed stairs loses 5 points of
 * its area's, down to 0 (one such attic at most).
 */
const ATTIC_WITHOUT_STAIRS = 500

/** Without parking points, the home's share of shared type-I parking places in the WOZ area: 0 to 12 m². */
export const UNKNOWN_PARKING_M2 = { low: 0, high: 12 } as const

/** One WOZ area (whole m²) and the sum of the two area groups' points (hundredths) that goes with it. */
export interface AreaCase {
  readonly wozAreaM2: number
  readonly areaPoints: Range
}

/**
 * Every case the area facts allow, the two groups' own ranges, and the facts whose absence widened them. No cases
 * (and null ranges) when nothing bounds the area.
 */
export interface AreaOutcome {
  readonly cases: readonly AreaCase[]
  readonly roomsArea: Range | null
  readonly otherArea: Range | null
  readonly missing: readonly string[]
}

/** Group 2's points for `m2` whole square metres of other spaces: 0.75 a m², less an attic's 5 when that may apply. */
/** Whole m² from hundredths, half up, as the WWS rounds each group's summed area. */
const wholeM2 = (hundredths: number) => divideRounded(hundredths, 100)

/**
 * The rooms and other m² (hundredths) to try. What is stated is taken as is; what is not runs over whole m², rooms and
 * other together within 60–100 % of the usable area. When neither is stated only the two ends of each split of a sum
 * are tried: the two groups' points change monotonically as m² move from rooms to other spaces, so the ends hold their
 * extremes.
 */
function splits(
  roomsM2: number | undefined,
  otherM2: number | undefined,
  usable: number,
): [number, number][] {
  if (roomsM2 !== undefined && otherM2 !== undefined) return [[toHundredths(roomsM2), toHundredths(otherM2)]]
  const out: [number, number][] = []
  const lowest = Math.ceil((usable * COUNTED_SHARE_OF_USABLE.low) / 10 / 100)
  const highest = Math.floor((usable * COUNTED_SHARE_OF_USABLE.high) / 10 / 100)
  const known = toHundredths(roomsM2 ?? otherM2 ?? 0)
  for (let m2 = 0; m2 <= highest; m2++) {
    if (roomsM2 === undefined && otherM2 === undefined) {
      if (m2 >= lowest) out.push([m2 * 100, 0], [0, m2 * 100])
    } else if (withinUsable(known + m2 * 100, usable)) {
      out.push(roomsM2 === undefined ? [m2 * 100, known] : [known, m2 * 100])
    }
  }
  return out
}

/**
 * The area cases: each pair of rooms and other m² the facts allow, each parking share, and per WOZ area the lowest and
 * highest points the two area groups then score. Supplied points of a group replace what its m² would score; the WOZ
 * area always comes from the m². Nothing bounds the area without a usable area when the rooms or other m² are unknown.
 */
export function areaCases(facts: WwsFacts): AreaOutcome {
  const area = facts.area ?? {}
  const supplied = facts.points ?? {}
  const missing: string[] = []
  if (area.roomsM2 === undefined) missing.push('area.rooms_m2')
  if (area.otherM2 === undefined) missing.push('area.other_m2')
  const bothKnown = area.roomsM2 !== undefined && area.otherM2 !== undefined
  if (!bothKnown && area.usableM2 === undefined) {
    missing.push('area.usable_m2')
    return { cases: [], roomsArea: null, otherArea: null, missing }
  }
  const parking =
    area.parkingM2 !== undefined
      ? [toHundredths(area.parkingM2)]
      : supplied.parking !== undefined
        ? [0]
        : range100(UNKNOWN_PARKING_M2.low, UNKNOWN_PARKING_M2.high)
  if (area.parkingM2 === undefined && supplied.parking === undefined) missing.push('area.parking_m2')

  // Sum the two groups' points per rooms + other area first, then spread each sum over the parking shares.
  const bySum = new Map<number, MutableRange>()
  const rooms = new Bounds()
  const other = new Bounds()
  const suppliedRooms =
    supplied.roomsArea === undefined ? undefined : toQuarter(toHundredths(supplied.roomsArea))
  const suppliedOther =
    supplied.otherArea === undefined ? undefined : toQuarter(toHundredths(supplied.otherArea))
  for (const [r, o] of splits(area.roomsM2, area.otherM2, toHundredths(area.usableM2 ?? 0))) {
    const roomsPoints = suppliedRooms ?? wholeM2(r) * 100
    const otherHigh = suppliedOther ?? 75 * wholeM2(o)
    const otherLow = suppliedOther ?? Math.max(0, otherHigh - ATTIC_WITHOUT_STAIRS)
    rooms.add(roomsPoints)
    other.add(otherLow).add(otherHigh)
    widen(bySum, r + o, roomsPoints + otherLow, roomsPoints + otherHigh)
  }
  if (bySum.size === 0) return { cases: [], roomsArea: null, otherArea: null, missing }
  const byArea = new Map<number, MutableRange>()
  for (const [sum, points] of bySum)
    for (const p of parking) widen(byArea, wholeM2(sum + p), points.low, points.high)
  const cases = [...byArea].map(([wozAreaM2, areaPoints]) => ({ wozAreaM2, areaPoints }))
  return { cases, roomsArea: rooms.range(), otherArea: other.range(), missing }
}

interface MutableRange {
  low: number
  high: number
}

/** Widens the range kept under `key` to hold `low` and `high`. */
function widen(map: Map<number, MutableRange>, key: number, low: number, high: number): void {
  const seen = map.get(key)
  if (!seen) map.set(key, { low, high })
  else {
    if (low < seen.low) seen.low = low
    if (high > seen.high) seen.high = high
  }
}

/** Rooms and other spaces together take 60–100 % of the usable area. */
const withinUsable = (counted: number, usable: number) =>
  counted * 10 >= usable * COUNTED_SHARE_OF_USABLE.low &&
  counted * 10 <= usable * COUNTED_SHARE_OF_USABLE.high

/** Whole m² from `low` to `high`, in hundredths. */
function range100(low: number, high: number): number[] {
  const out: number[] = []
  for (let m = low; m <= high; m++) out.push(m * 100)
  return out
}
