import type { WwsFacts } from './facts.js'
import { toHundredths } from './rounding.js'

/**
 * Since 1 July 2024 a monument or a new build raises the maximum rent by a percentage instead of points (policy book
 * §2.13, as paraphrased in woonstadrotterdam/woningwaardering's `docs/implementatietoelichtingen/
 * zelfstandige-woonruimten.md`): a national monument 35 %, a provincial or municipal one 15 %, a pre-1965 home in a
 * protected townscape that is no monument 5 %, and a new build first lived in after 1 July 2024 10 % while it is in
 * the middle sector. The monument and townscape surcharges exclude each other; the new-build one adds to them.
 * In hundredths of a percent.
 */
export const SURCHARGE = { national: 3500, otherMonument: 1500, townscape: 500, newBuild: 1000 } as const
/** Townscape surcharges are for homes built before this year; new-build ones for homes first lived in from this one. */
const TOWNSCAPE_BEFORE = 1965
const NEW_BUILD_FROM = 2024

/** The surcharge a home may get, and whether the new-build one may come on top in the middle sector. */
export interface SurchargeOutcome {
  readonly low: number
  readonly high: number
  readonly newBuildPossible: boolean
  readonly missing: readonly string[]
}

/**
 * The surcharge the facts allow. A supplied `surchargePct` is taken as is; supplied points for the last group fix it
 * too (at 0 unless `surchargePct` says otherwise). Otherwise a monument gets 15–35 % (the register kind is not among
 * the facts), a pre-1965 home that is no monument 0–5 % unless its townscape status is known, and a home built from
 * 2024 (or of unknown year) maybe 10 % more.
 */
export function surchargeRange(facts: WwsFacts): SurchargeOutcome {
  if (facts.surchargePct !== undefined || facts.points?.monumentNewbuild !== undefined) {
    const pct = toHundredths(facts.surchargePct ?? 0)
    return { low: pct, high: pct, newBuildPossible: false, missing: [] }
  }
  const missing: string[] = []
  const year = facts.buildYear
  const oldEnough = year === undefined || year < TOWNSCAPE_BEFORE
  let low = 0
  let high = 0
  if (facts.monument === true) {
    low = SURCHARGE.otherMonument
    high = SURCHARGE.national
  } else if (facts.monument === undefined) {
    high = SURCHARGE.national
    missing.push('monument')
  } else if (oldEnough && facts.protectedTownscape !== false) {
    high = SURCHARGE.townscape
    if (facts.protectedTownscape === undefined) missing.push('protected_townscape')
    else if (year !== undefined) low = SURCHARGE.townscape
  }
  const newBuildPossible = year === undefined || year >= NEW_BUILD_FROM
  return { low, high, newBuildPossible, missing }
}
