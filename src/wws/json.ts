import type { Range } from './range.js'
import { ALL_GROUPS, type Group, type WwsResult } from './regulation.js'
import type { Sector } from './sector.js'

/** A range as JSON: `high` null when nothing bounds it. */
export interface JsonRange {
  readonly low: number
  readonly high: number | null
}

/** The result as `propdata wws` prints it (snake_case, points and euros as decimal numbers). */
export interface WwsJson {
  readonly points: JsonRange | null
  readonly groups: Readonly<Record<string, JsonRange | null>>
  readonly energy_points: number | null
  readonly energy_basis: WwsResult['energyBasis']
  readonly woz_points: JsonRange | null
  readonly woz_reference_date: string | null
  readonly woz_basis: WwsResult['woz']['basis']
  readonly sector: { readonly low: Sector; readonly high: Sector } | null
  readonly max_rent: { readonly low: number; readonly high: number | null } | null
  readonly surcharge_pct: JsonRange
  readonly policy_date: string
  readonly missing: readonly string[]
}

/** The Golden Record's `rent_regulation`: the subset of {@link WwsJson} the API serves. */
export type RentRegulationJson = Pick<
  WwsJson,
  'points' | 'energy_points' | 'woz_points' | 'sector' | 'max_rent' | 'policy_date' | 'missing'
>

const GROUP_NAMES: Readonly<Record<Group, string>> = {
  roomsArea: 'rooms_area',
  otherArea: 'other_area',
  heating: 'heating',
  outdoor: 'outdoor',
  energy: 'energy',
  kitchen: 'kitchen',
  sanitary: 'sanitary',
  parking: 'parking',
  shared: 'shared',
  woz: 'woz',
  special: 'special',
  monumentNewbuild: 'monument_newbuild',
}

/** Integers in `unit` (100 for hundredths and cents) as decimal numbers; an unbounded high as null. */
function decimal(range: Range, unit: number): JsonRange {
  return { low: range.low / unit, high: Number.isFinite(range.high) ? range.high / unit : null }
}

/** The result as JSON. */
export function toWwsJson(result: WwsResult): WwsJson {
  const energy = result.groups.energy!
  return {
    points: result.points && decimal(result.points, 1),
    groups: Object.fromEntries(
      ALL_GROUPS.map((g) => [GROUP_NAMES[g], result.groups[g] && decimal(result.groups[g]!, 100)]),
    ),
    energy_points: energy.low === energy.high ? energy.low / 100 : null,
    energy_basis: result.energyBasis,
    woz_points: result.groups.woz && decimal(result.groups.woz, 100),
    woz_reference_date: result.woz.referenceDate,
    woz_basis: result.woz.basis,
    sector: result.sector,
    max_rent: result.maxRent && {
      low: result.maxRent.low / 100,
      high: result.maxRent.high === null ? null : result.maxRent.high / 100,
    },
    surcharge_pct: decimal(result.surchargePct, 100),
    policy_date: result.policyDate,
    missing: result.missing,
  }
}

/** The Golden Record's `rent_regulation` for a result. */
export function toRentRegulationJson(result: WwsResult): RentRegulationJson {
  const { points, energy_points, woz_points, sector, max_rent, policy_date, missing } = toWwsJson(result)
  return { points, energy_points, woz_points, sector, max_rent, policy_date, missing }
}
