/**
 * Indexing WOZ values to the valuation date and measuring how well an indexed WOZ predicts a
 * price, which sets its weight in the blend.
 */
import { areaCity } from './area-keys.js'
import { round6 } from './fit-hedonic.js'
import { DEFAULT_PRICE_PER_M2 } from './price-per-m2.js'
import { median } from './quantile.js'
import type { Comparable, HomeFeatures, WozCalibration } from './types.js'

/** Inputs of {@link calibrateWoz}; see FitOptions for what each means. */
export interface WozOptions {
  readonly valuationDate: string
  readonly priceIndex?: Readonly<Record<string, number>>
  readonly annualGrowth: number
  readonly wozLogSd: number
}

/** Fewer comparables with a WOZ value than this and the WOZ error is assumed (`wozLogSd`), not measured. */
export const MIN_WOZ_ROWS = 30
/** Robust standard deviation from the median absolute deviation (normal consistency): SD = 1.4826 × MAD. */
export const MAD_TO_SD = 1.4826

/** Calendar year of an ISO date, or null when unreadable. */
export const yearOf = (iso: string | null | undefined): number | null => {
  const y = iso ? Number.parseInt(iso.slice(0, 4), 10) : Number.NaN
  return Number.isFinite(y) ? y : null
}

/**
 * Factor that takes a WOZ value from its reference year to the valuation year: the ratio of the
 * yearly index levels where the index has both years, else compound `annualGrowth`.
 */
function indexFactor(
  calibration: WozCalibration,
  referenceYear: number,
  valuationYear = calibration.valuationYear,
): number {
  const factor = calibration.factors[String(referenceYear)]
  // The factors lead to the model's valuation year; another year is reached by compounding.
  const shift = (1 + calibration.annualGrowth) ** (valuationYear - calibration.valuationYear)
  if (typeof factor === 'number') return factor * shift
  return (1 + calibration.annualGrowth) ** (valuationYear - referenceYear)
}

/**
 * The home's WOZ value indexed to the valuation date and corrected by the measured bias between
 * asking prices and indexed WOZ; null without a positive WOZ value and a readable reference date.
 */
export function indexedWoz(
  calibration: WozCalibration,
  home: HomeFeatures,
  valuationYear = calibration.valuationYear,
): number | null {
  const woz = home.wozValue
  const year = yearOf(home.wozReferenceDate)
  if (typeof woz !== 'number' || !(woz > 0) || !Number.isFinite(woz) || year === null) return null
  return woz * indexFactor(calibration, year, valuationYear) * Math.exp(calibration.logBias)
}

/**
 * Builds the WOZ calibration. With enough comparables that carry a WOZ value, the bias (median
 * log price / indexed WOZ) and the variance (squared robust SD of that log ratio) are measured on
 * them; otherwise the bias is 0 and the SD is the configured `wozLogSd`.
 */
export function calibrateWoz(rows: readonly Comparable[], options: WozOptions): WozCalibration {
  const valuationYear = yearOf(options.valuationDate) ?? new Date().getUTCFullYear()
  const factors: Record<string, number> = {}
  const index = options.priceIndex ?? {}
  const known = Object.keys(index)
    .map(Number)
    .filter((y) => Number.isInteger(y) && (index[String(y)] ?? 0) > 0)
  if (known.length > 0) {
    const last = Math.max(...known)
    // A valuation year past the index's end is reached by compounding from its last year.
    const valuationLevel =
      (index[String(valuationYear)] ?? (index[String(last)] as number)) *
      (index[String(valuationYear)] === undefined ? (1 + options.annualGrowth) ** (valuationYear - last) : 1)
    for (const y of known) factors[String(y)] = round6(valuationLevel / (index[String(y)] as number))
  }
  const base: WozCalibration = {
    valuationYear,
    factors,
    annualGrowth: options.annualGrowth,
    logBias: 0,
    logVariance: round6(options.wozLogSd ** 2),
    n: 0,
  }
  const ratios: number[] = []
  for (const row of rows) {
    const indexed = indexedWoz(base, row)
    if (indexed !== null) ratios.push(Math.log(row.price / indexed))
  }
  if (ratios.length < MIN_WOZ_ROWS) return base
  const bias = median(ratios)
  const sd = MAD_TO_SD * median(ratios.map((r) => Math.abs(r - bias)))
  return { ...base, logBias: round6(bias), logVariance: round6(Math.max(sd, 0.02) ** 2), n: ratios.length }
}

/**
 * The indexed WOZ value a valuation may use, or null: none, or one that is no price of this home at all. A WOZ value
 * whose price per m² of living area lies outside the range that marks a listing as a data error is one (the WOZ of a
 * whole complex linked to one flat); any other is the home's own assessment and is used, however far it is from what
 * the comparables say (see {@link blendWoz}).
 */
export function usableWoz(
  calibration: WozCalibration,
  home: HomeFeatures,
  valuationYear = calibration.valuationYear,
): number | null {
  const [low, high] = DEFAULT_PRICE_PER_M2.sale
  const area = home.surfaceArea
  const woz = home.wozValue
  if (typeof woz === 'number' && area > 0 && (woz / area < low || woz / area > high)) return null
  return indexedWoz(calibration, home, valuationYear)
}

/** A blended estimate: its log and its expected error (≈ APE). */
export interface WozBlend {
  readonly log: number
  readonly expected: number
}

/**
 * Blends the indexed WOZ into a hedonic estimate, in logs, by inverse variance (see {@link wozBlendWeight}); the
 * blend's variance is vH·vW/(vH+vW) = vH·(1 − w). When the two disagree by more than their errors allow (a gap over
 * √(vH + vW)), the blend's error is scaled up by that ratio, as the Particle Data Group scales the error of
 * inconsistent measurements: the home keeps its WOZ value, and the estimate states the doubt instead of hiding it.
 */
export function blendWoz(
  hedonicLog: number,
  hedonicExpected: number,
  wozLog: number,
  wozLogVariance: number,
): WozBlend {
  const vH = (MAD_TO_SD * hedonicExpected) ** 2
  const w = wozBlendWeight(vH, wozLogVariance)
  const scale = Math.max(1, Math.abs(wozLog - hedonicLog) / Math.sqrt(vH + wozLogVariance))
  return { log: (1 - w) * hedonicLog + w * wozLog, expected: hedonicExpected * Math.sqrt(1 - w) * scale }
}

/**
 * Inverse-variance weight of the indexed WOZ in a log-scale blend: w = vH / (vH + vW), with vH the
 * variance of the hedonic estimate's log error and vW that of the indexed WOZ. It treats the two
 * errors as independent, which they roughly are: WOZ is assessed on the home itself.
 */
export function wozBlendWeight(hedonicLogVariance: number, wozLogVariance: number): number {
  return hedonicLogVariance / (hedonicLogVariance + wozLogVariance)
}

/** Expected error (≈ APE) of the indexed WOZ alone: the median absolute log error of its measured spread. */
export function wozOnlyExpected(calibration: WozCalibration): number {
  return Math.sqrt(calibration.logVariance) / MAD_TO_SD
}

/** One out-of-sample valuation from the indexed WOZ alone: its error, log(price / indexed WOZ), and the error expected of it. */
export interface WozOnlyError {
  readonly logError: number
  readonly expected: number
}

/**
 * Out-of-sample errors of the indexed WOZ alone, which values a home in a place without comparables: the rows' places
 * (city keys, in order) are dealt round-robin into `folds` groups, and each group's homes are valued by a WOZ
 * calibration measured on the other groups only, so that its bias and spread come from elsewhere, as they do at read
 * time. A group whose others hold too few WOZ values to measure them ({@link MIN_WOZ_ROWS}) values nothing, as
 * `estimateValue` would not.
 */
export function wozOnlyOutOfSample(
  rows: readonly Comparable[],
  options: WozOptions,
  folds: number,
): WozOnlyError[] {
  const places = [...new Set(rows.map((r) => areaCity(r.city) ?? ''))].sort()
  const foldOf = new Map(places.map((place, i) => [place, i % folds]))
  const fold = rows.map((r) => foldOf.get(areaCity(r.city) ?? '') as number)
  const errors: WozOnlyError[] = []
  for (let k = 0; k < folds; k++) {
    const calibration = calibrateWoz(
      rows.filter((_, i) => fold[i] !== k),
      options,
    )
    if (calibration.n < MIN_WOZ_ROWS) continue
    const expected = wozOnlyExpected(calibration)
    rows.forEach((row, i) => {
      if (fold[i] !== k) return
      const woz = usableWoz(calibration, row, yearOf(row.listedAt) ?? calibration.valuationYear)
      if (woz !== null) errors.push({ logError: Math.log(row.price / woz), expected })
    })
  }
  return errors
}
