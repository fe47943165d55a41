import type { WwsFacts } from './facts.js'
import { COROP_GROOT_AMSTERDAM, COROP_UTRECHT } from './tables/corop.js'

/** What the WOZ corrections need to know about a home besides its points: one combination the facts allow. */
export interface WozScenario {
  /** Built 2015–2019: the 40-point minimum may apply. */
  readonly newBuild: boolean
  /** The COROP rule applies: the small-new-build factor, and never the cap. */
  readonly corop: boolean
}

/** Build years of the 40-point minimum (2015–2019) and of the COROP rule (2018–2022), inclusive. */
export const NEW_BUILD_YEARS = { from: 2015, to: 2019 } as const
export const COROP_YEARS = { from: 2018, to: 2022 } as const
/** The COROP rule is for homes whose BAG usable area is below this (m²). */
export const COROP_USABLE_BELOW = 40

const within = (year: number, span: { from: number; to: number }) => year >= span.from && year <= span.to

/** Build years that stand for every class an unknown year could fall in. */
const YEAR_CLASSES = [2000, 2015, 2018, 2020]

/**
 * The COROP rule's place and size: a woonplaats in COROP area 23 (Groot-Amsterdam) or 17 (Utrecht), and a BAG usable
 * area below 40 m² (the reference reads the usable area, not the WWS area). An unknown usable area is below 40 only if
 * the rooms and other spaces known leave room for it. Undefined when the facts allow both.
 */
function coropPlace(facts: WwsFacts): boolean | undefined {
  const code = facts.woonplaatsCode
  const inArea = code === undefined ? undefined : COROP_GROOT_AMSTERDAM.has(code) || COROP_UTRECHT.has(code)
  const { usableM2, roomsM2, otherM2 } = facts.area ?? {}
  const counted = (roomsM2 ?? 0) + (otherM2 ?? 0)
  const small =
    usableM2 !== undefined ? usableM2 < COROP_USABLE_BELOW : counted >= COROP_USABLE_BELOW ? false : undefined
  if (inArea === false || small === false) return false
  return inArea && small ? true : undefined
}

/**
 * Every combination of the 2015–2019 minimum and the COROP rule the facts allow, and the facts whose absence left more
 * than one.
 */
export function wozScenarios(facts: WwsFacts): { scenarios: WozScenario[]; missing: string[] } {
  const place = coropPlace(facts)
  const years = facts.buildYear === undefined ? YEAR_CLASSES : [facts.buildYear]
  const scenarios = new Map<string, WozScenario>()
  for (const year of years) {
    const newBuild = within(year, NEW_BUILD_YEARS)
    const coropYear = within(year, COROP_YEARS)
    for (const corop of coropYear ? (place === undefined ? [false, true] : [place]) : [false])
      scenarios.set(`${newBuild}${corop}`, { newBuild, corop })
  }
  const missing: string[] = []
  const coropYearPossible = years.some((y) => within(y, COROP_YEARS))
  if (coropYearPossible && place === undefined) {
    if (facts.woonplaatsCode === undefined) missing.push('woonplaats_code')
    if (facts.area?.usableM2 === undefined) missing.push('area.usable_m2')
  }
  return { scenarios: [...scenarios.values()], missing }
}
