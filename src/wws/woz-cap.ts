import { divideDown, toQuarter, toWhole } from './rounding.js'

/**
 * Which correction the WOZ points get (group 11): none ('plain'), the 40-point minimum of 2015–2019 builds
 * ('minimum'), the cap at 33 % of the total ('capped'), or the cap limited so the total stays at 186 ('floor186').
 */
export type WozRegime = 'plain' | 'minimum' | 'capped' | 'floor186'

/** 40 points, in hundredths: the least a 2015–2019 build scores for its WOZ once the groups before reach 110. */
export const NEW_BUILD_MINIMUM = 4000
export const NEW_BUILD_THRESHOLD = 11000
/** The cap applies from this total (without it) on. */
const CAP_FROM = 187
/** A total the cap would push below 187 is held at this. */
const HELD_AT = 186

/** The WOZ points the cap allows: 33 % of the total, i.e. 33/67 of the other groups' whole points, rounded down. */
export const capPoints = (otherWhole: number): number => divideDown(otherWhole * 33, 67)

/**
 * The regime, as the reference decides it. `raw` is the WOZ points before corrections (hundredths), `otherWhole` the
 * groups evaluated before the WOZ group, summed and rounded to whole points, `minimumInForce` whether the home is a
 * 2015–2019 build whose groups before reach 110. The minimum, when in force, rules out the cap; so does the COROP rule.
 */
export function wozRegime(
  raw: number,
  otherWhole: number,
  minimumInForce: boolean,
  corop: boolean,
): WozRegime {
  if (minimumInForce) return raw > 0 && raw < NEW_BUILD_MINIMUM ? 'minimum' : 'plain'
  if (corop) return 'plain'
  const withoutCap = otherWhole + toWhole(raw)
  if (withoutCap < CAP_FROM) return 'plain'
  // The WOZ points may be at most 33 % of the total: raw ≤ otherWhole × 33/67, compared in integers.
  if (raw * 67 <= otherWhole * 3300) return 'plain'
  const withCap = withoutCap * 100 + capPoints(otherWhole) * 100 - raw
  return withCap < CAP_FROM * 100 ? 'floor186' : 'capped'
}

/** The WOZ group's points (hundredths, a quarter multiple) under a regime. */
export function wozPoints(regime: WozRegime, raw: number, otherWhole: number): number {
  switch (regime) {
    case 'plain':
      return toQuarter(raw)
    case 'minimum':
      return NEW_BUILD_MINIMUM
    case 'capped':
      return capPoints(otherWhole) * 100
    case 'floor186':
      return toQuarter(raw + (HELD_AT - otherWhole - toWhole(raw)) * 100)
  }
}

/**
 * Group 11 for one home whose every group before it is known: `groupsBefore` is their sum (hundredths), `newBuild`
 * whether it was built 2015–2019, `corop` whether the COROP rule applies.
 */
export function correctedWozPoints(
  raw: number,
  groupsBefore: number,
  newBuild: boolean,
  corop: boolean,
): number {
  const otherWhole = toWhole(groupsBefore)
  const minimumInForce = newBuild && groupsBefore >= NEW_BUILD_THRESHOLD
  return wozPoints(wozRegime(raw, otherWhole, minimumInForce, corop), raw, otherWhole)
}
