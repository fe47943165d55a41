/**
 * Applies a {@link HedonicFit} to one home: the allocation-free hot path behind estimateValue.
 */
import { HIERARCHY, hierarchyKeys } from './area-keys.js'
import { designRow, FEATURE_NAMES } from './design-row.js'
import type { HedonicFit } from './fit-hedonic.js'
import type { AreaEffect, AreaLevel, HomeFeatures } from './types.js'

/** Log price per m² with what it rests on. */
export interface HedonicPrediction {
  readonly logPricePerM2: number
  /** Narrowest postcode or city level that had comparables, and how many. */
  readonly level: AreaLevel
  readonly n: number
  /**
   * Model-based variance of the home's local offset: sum over levels of tau² · k / (n + k), i.e.
   * what the credibility weights leave unknown. Feeds the confidence score.
   */
  readonly posteriorVariance: number
}

const P = FEATURE_NAMES.length
const row = new Float64Array(P)
// Coefficients as a dense vector per fit: object lookups by name on every call would dominate.
const vectors = new WeakMap<object, Float64Array>()

function coefficientVector(fit: HedonicFit): Float64Array {
  let v = vectors.get(fit.coefficients)
  if (!v) {
    v = Float64Array.from(FEATURE_NAMES, (name) => fit.coefficients[name] ?? 0)
    vectors.set(fit.coefficients, v)
  }
  return v
}

const REPORTED: Partial<Record<(typeof HIERARCHY)[number], AreaLevel>> = {
  city: 'city',
  pc4: 'pc4',
  pc5: 'pc5',
  pc6: 'pc6',
}

/**
 * Predicts log price per m² for a home at `years` from the fit's valuation date (clamped to the
 * dates the fit saw, as a linear trend must not be extrapolated). Null without a usable living
 * area (or one far outside the fitted range) or without any postcode or city the fit knows: a
 * national average is not an honest value.
 */
export function predictHedonic(fit: HedonicFit, home: HomeFeatures, years = 0): HedonicPrediction | null {
  const area = home.surfaceArea
  if (typeof area !== 'number' || !(area >= 5) || !Number.isFinite(area)) return null
  // Beyond half the smallest or twice the largest area seen, the size curve is pure extrapolation
  // (and such areas are mostly data errors, e.g. a whole building's floor area on one flat).
  if (area < fit.areaRange[0] / 2 || area > fit.areaRange[1] * 2) return null
  const t = Math.min(Math.max(years, fit.yearsRange[0]), fit.yearsRange[1])
  designRow(home, fit.logAreaCentre, t, row)
  const beta = coefficientVector(fit)
  let log = 0
  for (let j = 0; j < P; j++) log += (row[j] as number) * (beta[j] as number)
  const keys = hierarchyKeys(home)
  let level: AreaLevel = 'national'
  let n = 0
  let posteriorVariance = 0
  for (let li = 0; li < HIERARCHY.length; li++) {
    const name = HIERARCHY[li]!
    const key = keys[li]
    const effect: AreaEffect | undefined = key ? fit.areas[name][key] : undefined
    const count = Array.isArray(effect) ? effect[1] : 0
    if (count > 0) {
      log += (effect as AreaEffect)[0]
      const reported = REPORTED[name]
      if (reported) {
        level = reported
        n = count
      }
    }
    const { tau2, k } = fit.levelVariance[name]
    // With no comparables at a level nothing of tau² is known, whatever k is; k = 0 (groups of one home each,
    // so no spread within them: a small first run) would otherwise make this 0 / 0 and the estimate NaN.
    posteriorVariance += count + k > 0 ? (tau2 * k) / (count + k) : tau2
  }
  if (level === 'national') return null
  return { logPricePerM2: log, level, n, posteriorVariance }
}
