/**
 * Fits the valuation model: the hedonic hierarchy on all usable comparables, plus the
 * uncertainty and WOZ calibrations.
 */

import { seededRandom } from '../seeded-random.js'
import { calibrateUncertainty } from './calibrate-uncertainty.js'
import { calibrateWoz, type WozOptions } from './calibrate-woz.js'
import { fitHedonic, trustedQuantile } from './fit-hedonic.js'
import { DEFAULT_PRICE_PER_M2 } from './price-per-m2.js'
import { quantile } from './quantile.js'
import type { Comparable, FitOptions, ValuationKind, ValuationModel } from './types.js'

/** Method ids; bump the suffix whenever estimates change meaning, so stored values stay traceable. */
export const METHOD: Readonly<Record<ValuationKind, string>> = {
  sale: 'hedonic-ppm2-shrinkage-v1',
  rent: 'hedonic-rentpm2-shrinkage-v1',
}

export { DEFAULT_PRICE_PER_M2 } from './price-per-m2.js'

/** The median error (≈ APE) a high, resp. medium, estimate promises; low promises none. */
export const DEFAULT_CONFIDENCE_BOUNDS = { high: 0.05, medium: 0.08 } as const

/** Fewer usable comparables than this cannot support a cross-fitted calibration: fitting throws. */
export const MIN_USABLE_COMPARABLES = 10

/** True when a comparable can be used for fitting: finite positive price and area in range. */
export function isUsableComparable(c: Comparable, range: readonly [number, number]): boolean {
  const { price, surfaceArea } = c
  if (typeof price !== 'number' || typeof surfaceArea !== 'number') return false
  if (!(price > 0 && surfaceArea >= 5) || !Number.isFinite(price) || !Number.isFinite(surfaceArea))
    return false
  const ppm2 = price / surfaceArea
  return ppm2 >= range[0] && ppm2 <= range[1]
}

/**
 * Fits a sale (default) or rent valuation model on comparables. Unusable rows are skipped. The
 * result is plain data: store it with JSON.stringify and pass JSON.parse's output to
 * estimateValue. Deterministic given the comparables and options (fittedAt is only a label).
 */
export function fitValuationModel(
  comparables: readonly Comparable[],
  options: FitOptions = {},
): ValuationModel {
  const kind = options.kind ?? 'sale'
  const range = options.pricePerM2Range ?? DEFAULT_PRICE_PER_M2[kind]
  const rows = comparables.filter((c) => isUsableComparable(c, range))
  if (rows.length < MIN_USABLE_COMPARABLES) {
    throw new Error(
      `fitValuationModel: ${rows.length} usable comparables, at least ${MIN_USABLE_COMPARABLES} needed`,
    )
  }
  const fittedAt = options.fittedAt ?? new Date().toISOString()
  const valuationDate = options.valuationDate ?? trustedNewestDate(rows) ?? fittedAt.slice(0, 10)
  if (!Number.isFinite(Date.parse(valuationDate))) {
    throw new Error(`fitValuationModel: unreadable valuation date ${JSON.stringify(valuationDate)}`)
  }
  const intervalLevel = options.intervalLevel ?? 0.8
  const folds = options.calibrationFolds ?? 5
  if (!(intervalLevel > 0 && intervalLevel < 1))
    throw new Error('fitValuationModel: intervalLevel must be in (0, 1)')
  if (!Number.isInteger(folds) || folds < 2)
    throw new Error('fitValuationModel: calibrationFolds must be ≥ 2')
  // WOZ is a capital value: it says little about a rent that the rent listings do not.
  const woz: WozOptions | null =
    kind === 'sale'
      ? {
          valuationDate,
          annualGrowth: options.annualGrowth ?? 0.04,
          wozLogSd: options.wozLogSd ?? 0.15,
          ...(options.priceIndex ? { priceIndex: options.priceIndex } : {}),
        }
      : null
  const hedonic = { valuationDate }
  const calibrationRows = sampleRows(rows, options.calibrationSample ?? 10_000, options.calibrationSeed ?? 1)
  const fit = fitHedonic(rows, hedonic)
  const uncertainty = calibrateUncertainty(calibrationRows, hedonic, {
    folds,
    seed: options.calibrationSeed ?? 1,
    intervalLevel,
    thresholds: options.confidenceThresholds ?? DEFAULT_CONFIDENCE_BOUNDS,
    ...(woz ? { woz } : {}),
  })
  return {
    version: 1,
    kind,
    method: METHOD[kind],
    fittedAt,
    nComparables: rows.length,
    ...fit,
    uncertainty,
    woz: woz ? calibrateWoz(rows, woz) : null,
  }
}

/** Fits a rent model: the same machinery on monthly rents, without WOZ. */
export function fitRentModel(comparables: readonly Comparable[], options: FitOptions = {}): ValuationModel {
  return fitValuationModel(comparables, { ...options, kind: 'rent' })
}

/** A seeded sample of `size` rows (all of them when there are fewer), in their original order. */
function sampleRows<T>(rows: readonly T[], size: number, seed: number): readonly T[] {
  if (rows.length <= size) return rows
  const random = seededRandom(seed)
  const keep = new Set<number>()
  while (keep.size < size) keep.add(Math.floor(random() * rows.length))
  return rows.filter((_, i) => keep.has(i))
}

/**
 * The newest price date the fit trusts (YYYY-MM-DD): the upper end of the data's trusted date range (see
 * `trustedQuantile`), so that no one listing, dated however far ahead, sets the date every estimate is made for. Null
 * when no comparable has a readable date.
 */
function trustedNewestDate(rows: readonly Comparable[]): string | null {
  const dates: number[] = []
  for (const r of rows) {
    const ms = r.listedAt ? Date.parse(r.listedAt) : Number.NaN
    if (Number.isFinite(ms)) dates.push(ms)
  }
  if (dates.length === 0) return null
  const newest = quantile(dates, 1 - trustedQuantile(dates.length))
  return new Date(newest).toISOString().slice(0, 10)
}
