/**
 * How far off an estimate is likely to be, from things known before the price is: how well the
 * home's areas are pinned down, how unpredictable its neighbourhood has proved and which
 * features are missing. Drives both the confidence class and the interval width.
 */
import { areaPostcode, validYear } from './area-keys.js'
import { labelGroup } from './design-row.js'
import type { HomeFeatures } from './types.js'

/** log(expected error) = intercept + a·log(posterior variance) + b·log(local error) + c·missing. */
export interface ScaleModel {
  readonly intercept: number
  readonly logPosteriorVariance: number
  readonly logLocalError: number
  readonly missingFeatures: number
}

/** Mean absolute out-of-sample log error per area, shrunk toward the wider area. */
export interface LocalError {
  readonly global: number
  readonly pc4: Readonly<Record<string, number>>
  readonly pc5: Readonly<Record<string, number>>
}

/** Number of the three adjustment features (year built, energy label, dwelling type) missing. */
export function missingFeatures(home: HomeFeatures): number {
  return (
    (validYear(home.yearBuilt) === null ? 1 : 0) +
    (labelGroup(home.energyLabel) === null ? 1 : 0) +
    (home.dwellingType === 'apartment' || home.dwellingType === 'house' ? 0 : 1)
  )
}

/** Local error of the home's pc5, else its pc4, else the global figure. */
export function localErrorOf(local: LocalError, home: HomeFeatures): number {
  const pc = areaPostcode(home.postcode)
  if (pc) {
    const pc5 = pc.length === 6 ? local.pc5[pc.slice(0, 5)] : undefined
    if (typeof pc5 === 'number') return pc5
    const pc4 = local.pc4[pc.slice(0, 4)]
    if (typeof pc4 === 'number') return pc4
  }
  return local.global
}

/**
 * Expected median absolute log error of the hedonic estimate for a home (≈ its expected APE).
 * The scale model is fitted so that half the out-of-sample errors fall below this figure.
 */
export function expectedLogError(
  scale: ScaleModel,
  posteriorVariance: number,
  localError: number,
  missing: number,
): number {
  return Math.exp(
    scale.intercept +
      scale.logPosteriorVariance * Math.log(Math.max(posteriorVariance, 1e-6)) +
      scale.logLocalError * Math.log(Math.max(localError, 1e-3)) +
      scale.missingFeatures * missing,
  )
}

/**
 * Standard-normal quantile (Abramowitz & Stegun 26.2.23, error < 5e-4): only the fallback for
 * intervals when too few out-of-sample errors exist to take empirical quantiles.
 */
export function normalQuantile(p: number): number {
  if (p <= 0 || p >= 1) return p <= 0 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY
  const q = p < 0.5 ? p : 1 - p
  const t = Math.sqrt(-2 * Math.log(q))
  const z =
    t -
    (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t ** 3)
  return p < 0.5 ? -z : z
}
