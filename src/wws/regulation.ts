import { type AreaOutcome, areaCases } from './area.js'
import { type EnergyBasis, energyPoints } from './energy.js'
import type { SuppliedGroup, WwsFacts } from './facts.js'
import { heatingRange, maxRoomCount } from './heating.js'
import { kitchenRange } from './kitchen.js'
import { MINOR_GROUP_RANGES } from './minor-groups.js'
import { outdoorRange } from './outdoor.js'
import { addRanges, Bounds, exactly, type Range } from './range.js'
import { maxRentCents, maxRentTable, withSurcharge } from './rent-table.js'
import { toHundredths, toQuarter } from './rounding.js'
import { sanitaryRange } from './sanitary.js'
import { type Extremes, knownWozExtremes, unknownWozExtremes } from './scan.js'
import { wozScenarios } from './scenarios.js'
import { type Sector, sectorBands, sectorOf } from './sector.js'
import { SURCHARGE, type SurchargeOutcome, surchargeRange } from './surcharge.js'
import { rawWozPoints, type WozInForce, wozInForce } from './woz-value.js'

/** Every group of the WWS for self-contained dwellings, in the reference's order of evaluation. */
export const ALL_GROUPS = [
  'roomsArea',
  'otherArea',
  'heating',
  'outdoor',
  'energy',
  'kitchen',
  'sanitary',
  'parking',
  'shared',
  'woz',
  'special',
  'monumentNewbuild',
] as const
export type Group = (typeof ALL_GROUPS)[number]

/** The rent regulation of one home on one policy date. Points in hundredths unless said; money in cents. */
export interface WwsResult {
  readonly policyDate: string
  /** The whole-point total's range (high Infinity when nothing bounds it); null when the area cannot be bounded. */
  readonly points: Range | null
  readonly groups: Readonly<Record<Group, Range | null>>
  readonly energyBasis: EnergyBasis
  readonly woz: {
    readonly referenceDate: string | null
    readonly basis: 'value' | 'minimum' | 'none'
  }
  readonly sector: { readonly low: Sector; readonly high: Sector } | null
  /**
   * The maximum bare rent with the surcharge the facts allow: the table's amount for the low and the high end, the
   * high end null when the free sector is reachable (no legal maximum applies there).
   */
  readonly maxRent: { readonly low: number; readonly high: number | null } | null
  /** The surcharge on the maximum rent, hundredths of a percent. */
  readonly surchargePct: Range
  /** The facts (input paths) whose absence widened a range. */
  readonly missing: readonly string[]
}

/** The output name of each supplied group, for `missing`. */
const POINT_NAMES: Readonly<Record<SuppliedGroup, string>> = {
  roomsArea: 'points.rooms_area',
  otherArea: 'points.other_area',
  heating: 'points.heating',
  outdoor: 'points.outdoor',
  kitchen: 'points.kitchen',
  sanitary: 'points.sanitary',
  parking: 'points.parking',
  shared: 'points.shared',
  special: 'points.special',
  monumentNewbuild: 'points.monument_newbuild',
}

/** The order `missing` lists facts in: the input's. */
const MISSING_ORDER = [
  'dwelling',
  'build_year',
  'woonplaats_code',
  'area.rooms_m2',
  'area.other_m2',
  'area.usable_m2',
  'area.parking_m2',
  'energy',
  'woz',
  'monument',
  'protected_townscape',
  ...Object.values(POINT_NAMES),
]

/** The range of a group nobody supplied, from the bounds its file documents and what the listing states. */
function unsuppliedRange(
  group: Exclude<SuppliedGroup, 'roomsArea' | 'otherArea'>,
  facts: WwsFacts,
  rooms: number,
) {
  switch (group) {
    case 'heating':
      return heatingRange(rooms)
    case 'outdoor':
      return outdoorRange(facts.listing)
    case 'kitchen':
      return kitchenRange()
    case 'sanitary':
      return sanitaryRange(facts.listing, rooms)
    default:
      return MINOR_GROUP_RANGES[group]
  }
}

/** The most m² the rooms can have: stated, else the usable area; unbounded without either. */
const roomsM2High = (facts: WwsFacts): number =>
  facts.area?.roomsM2 ?? facts.area?.usableM2 ?? Number.POSITIVE_INFINITY

/** The total and WOZ extremes over every area case and every scenario the facts allow. */
function extremes(
  area: AreaOutcome,
  woz: WozInForce | null,
  rest: Range,
  after: Range,
  facts: WwsFacts,
): { extremes: Extremes; missing: string[] } {
  const { scenarios, missing } = wozScenarios(facts)
  const total = new Bounds()
  const wozPoints = new Bounds()
  const add = (e: Extremes) => {
    total.add(e.total.low).add(e.total.high)
    wozPoints.add(e.woz.low).add(e.woz.high)
  }
  for (const scenario of scenarios) {
    if (woz) {
      for (const c of area.cases)
        add(
          knownWozExtremes(
            rawWozPoints(woz, c.wozAreaM2, scenario.corop),
            addRanges(c.areaPoints, rest),
            after,
            scenario,
          ),
        )
    } else {
      const areaPoints = new Bounds()
      for (const c of area.cases) areaPoints.add(c.areaPoints.low).add(c.areaPoints.high)
      add(unknownWozExtremes(addRanges(areaPoints.range(), rest), after, scenario))
    }
  }
  return { extremes: { total: total.range(), woz: wozPoints.range() }, missing }
}

type OtherGroup = Exclude<SuppliedGroup, 'roomsArea' | 'otherArea'>
const OTHER_GROUPS: readonly OtherGroup[] = [
  'heating',
  'outdoor',
  'kitchen',
  'sanitary',
  'parking',
  'shared',
  'special',
  'monumentNewbuild',
]

/** The groups besides area, energy and WOZ: supplied (rounded to a quarter) or bounded; the unsupplied go to `missing`. */
function otherGroups(facts: WwsFacts, missing: Set<string>): Record<OtherGroup, Range> {
  const rooms = maxRoomCount(facts.listing, roomsM2High(facts))
  const supplied = facts.points ?? {}
  const range = (group: OtherGroup): Range => {
    const value = supplied[group]
    if (value !== undefined) return exactly(toQuarter(toHundredths(value)))
    // The last group's unknown range is a single 0: nothing is missing for it.
    if (group !== 'monumentNewbuild') missing.add(POINT_NAMES[group])
    return unsuppliedRange(group, facts, rooms)
  }
  return Object.fromEntries(OTHER_GROUPS.map((g) => [g, range(g)])) as Record<OtherGroup, Range>
}

/**
 * The maximum rent for the low and the high total, each with the surcharge the facts allow (the new-build one only
 * in the middle sector); the high end null once it is in the free sector. Also the surcharge used for the high end.
 */
function maxRentOf(points: Range, surcharge: SurchargeOutcome, policyDate: string) {
  const table = maxRentTable(policyDate)
  const bands = sectorBands(policyDate)
  const free = sectorOf(points.high, bands) === 'free'
  const newBuild =
    surcharge.newBuildPossible && sectorOf(points.high, bands) === 'middle' ? SURCHARGE.newBuild : 0
  const surchargeHigh = surcharge.high + newBuild
  return {
    maxRent: {
      low: withSurcharge(maxRentCents(points.low, table), surcharge.low),
      high: free ? null : withSurcharge(maxRentCents(points.high, table), surchargeHigh),
    },
    surchargePct: { low: surcharge.low, high: free ? surcharge.high : surchargeHigh },
  }
}

/**
 * The WWS points, sector and maximum rent of a self-contained home on a policy date, as a range over what the facts
 * leave open. With every group's points supplied, and the facts the energy and WOZ groups need, the range is one
 * value: the rules' result. Throws {@link WwsDateError} for a date before the rules' tables.
 */
export function rentRegulation(facts: WwsFacts, policyDate: string): WwsResult {
  const bands = sectorBands(policyDate)
  maxRentTable(policyDate) // a date before the tables is refused even when no maximum rent can be given
  const missing = new Set<string>()
  const note = (names: readonly string[]) => {
    for (const name of names) missing.add(name)
  }
  const energy = energyPoints(facts, policyDate)
  note(energy.missing)
  const energyRange = { low: energy.values[0]! * 100, high: energy.values.at(-1)! * 100 }
  const groups = otherGroups(facts, missing)
  const rest = [
    groups.outdoor,
    energyRange,
    groups.kitchen,
    groups.sanitary,
    groups.parking,
    groups.shared,
  ].reduce(addRanges, groups.heating)
  const after = addRanges(groups.special, groups.monumentNewbuild)
  const area = areaCases(facts)
  note(area.missing)
  const woz = facts.woz === undefined ? null : wozInForce(facts.woz, policyDate)
  if (!woz) missing.add('woz')
  const surcharge = surchargeRange(facts)
  note(surcharge.missing)

  const found = area.cases.length > 0 ? extremes(area, woz, rest, after, facts) : null
  note(found?.missing ?? [])
  const points = found?.extremes.total ?? null
  const rent = points && maxRentOf(points, surcharge, policyDate)
  return {
    policyDate,
    points,
    groups: {
      roomsArea: area.roomsArea,
      otherArea: area.otherArea,
      heating: groups.heating,
      outdoor: groups.outdoor,
      energy: energyRange,
      kitchen: groups.kitchen,
      sanitary: groups.sanitary,
      parking: groups.parking,
      shared: groups.shared,
      woz: found?.extremes.woz ?? null,
      special: groups.special,
      monumentNewbuild: groups.monumentNewbuild,
    },
    energyBasis: energy.basis,
    woz: { referenceDate: woz?.referenceDate ?? null, basis: woz?.basis ?? 'none' },
    sector: points && { low: sectorOf(points.low, bands), high: sectorOf(points.high, bands) },
    maxRent: rent?.maxRent ?? null,
    surchargePct: rent?.surchargePct ?? { low: surcharge.low, high: surcharge.high },
    missing: MISSING_ORDER.filter((m) => missing.has(m)),
  }
}
