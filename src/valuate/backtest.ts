/**
 * k-fold back-test of the valuation model against a naive pc4 price-per-m² baseline. Every
 * figure is a fraction (0.07 = 7 %).
 */
import { areaCity, areaPostcode } from './area-keys.js'
import { estimateValue, WOZ_ONLY_METHOD } from './estimate-value.js'
import {
  DEFAULT_CONFIDENCE_BOUNDS,
  DEFAULT_PRICE_PER_M2,
  fitValuationModel,
  isUsableComparable,
} from './fit-valuation-model.js'
import { foldAssignment } from './fold-assignment.js'
import { median } from './quantile.js'
import type { Comparable, FitOptions, Valuation, ValuationKind, ValuationModel } from './types.js'

/** Accuracy of one confidence class as stated. */
export interface ClassReport {
  n: number
  /** NaN (null in JSON) when the class is empty. */
  mdape: number
  intervalCoverage: number
  /** The median error the class promises (high, medium); null for low, which promises none. */
  bound: number | null
  /**
   * Whether the class kept its promises: coverage within {@link COVERAGE_TOLERANCE} of the stated level, and a median
   * error within its bound. Null below {@link MIN_JUDGED} homes, where chance alone decides.
   */
  meetsTargets: boolean | null
}

/** How far a class's interval coverage may stray from the stated level (80 %: 75–85 %). */
export const COVERAGE_TOLERANCE = 0.05
/**
 * Fewer held-out homes than this in a class and it is not judged: at 100 homes chance alone moves an 80 % coverage by
 * ±4 % (one standard deviation), as much as the tolerance.
 */
export const MIN_JUDGED = 100

/** Accuracy of one method: the homes it valued, and per confidence class as stated. */
export interface MethodReport {
  n: number
  mdape: number
  within10: number
  intervalCoverage: number
  byConfidence: { high: ClassReport; medium: ClassReport; low: ClassReport }
}

/** Back-test figures for one dataset. */
export interface DatasetReport {
  name: string
  /** Asking prices ('sale') or monthly rents ('rent'): which model was fitted and back-tested. */
  kind: ValuationKind
  /** Homes valued out-of-sample. */
  n: number
  /** Usable homes the model declined to value (no known postcode area or city). */
  unvalued: number
  mdape: number
  within10: number
  within20: number
  /** Share of homes with low ≤ price ≤ high; to be compared with intervalLevel. */
  intervalCoverage: number
  intervalLevel: number
  /** pc4 median price per m² (training folds only) × living area, city median when the pc4 is empty. */
  baseline: { mdape: number; within10: number }
  byConfidence: { high: ClassReport; medium: ClassReport; low: ClassReport }
  /**
   * Per method id: the hedonic model, the model with the WOZ value blended in (`+woz`), as each home was valued; and
   * `woz-indexed-v1`, every held-out home with a WOZ value valued from it alone. A method no home took is absent.
   */
  byMethod: Record<string, MethodReport>
}

/** The back-test of every dataset. */
export interface BacktestReport {
  datasets: DatasetReport[]
}

/** Options of {@link runBacktest}. */
export interface BacktestOptions {
  /** Default 10. */
  readonly folds?: number
  /** Seed of the fold split; default 1. */
  readonly seed?: number
  /** Passed to fitValuationModel. */
  readonly fit?: FitOptions
}

/** One held-out home's out-of-sample result. */
export interface HeldOutResult {
  readonly row: Comparable
  readonly fold: number
  readonly valuation: Valuation | null
  /** The home valued from its indexed WOZ value alone; null without one. */
  readonly wozOnly: Valuation | null
  readonly baseline: number | null
}

/** Options of {@link crossValidate}; `fit` is injectable so tests can watch what it is given. */
export interface CrossValidateOptions extends BacktestOptions {
  readonly fitModel?: (train: readonly Comparable[], options: FitOptions) => ValuationModel
}

/**
 * Cross-validates: for each fold, fits on the other folds only and values the held-out homes at
 * their own listing date. The split depends on the row count and seed alone, never on prices.
 */
export function crossValidate(
  rows: readonly Comparable[],
  options: CrossValidateOptions = {},
): HeldOutResult[] {
  const k = options.folds ?? 10
  const folds = foldAssignment(rows.length, k, options.seed ?? 1)
  const fitModel = options.fitModel ?? fitValuationModel
  // A fixed label keeps models, and so reports, byte-identical between runs.
  const fitOptions: FitOptions = { fittedAt: '1970-01-01T00:00:00.000Z', ...options.fit }
  const results: HeldOutResult[] = []
  for (let fold = 0; fold < k; fold++) {
    const train = rows.filter((_, i) => folds[i] !== fold)
    if (train.length === 0) continue
    const model = fitModel(train, fitOptions)
    const baseline = baselineModel(train)
    rows.forEach((row, i) => {
      if (folds[i] !== fold) return
      const valuationDate = row.listedAt ?? null
      results.push({
        row,
        fold,
        valuation: estimateValue(model, row, { valuationDate }),
        wozOnly: estimateValue(model, row, { valuationDate, wozOnly: true }),
        baseline: baseline(row),
      })
    })
  }
  return results
}

/** A dataset to back-test: its name, what its prices are, and its homes. */
export interface BacktestDataset {
  readonly name: string
  readonly kind?: ValuationKind
  readonly rows: readonly Comparable[]
}

/**
 * Runs the k-fold back-test on each dataset, with the model of its kind (default `options.fit.kind`, else sale);
 * deterministic for a given seed.
 */
export function runBacktest(
  datasets: readonly BacktestDataset[],
  options: BacktestOptions = {},
): BacktestReport {
  return { datasets: datasets.map((dataset) => backtestDataset(dataset, options).report) }
}

/** One dataset's back-test: its figures, and each held-out home's result, as `backtest --plot` draws them. */
export function backtestDataset(
  { name, kind, rows }: BacktestDataset,
  options: BacktestOptions = {},
): { readonly report: DatasetReport; readonly results: readonly HeldOutResult[] } {
  const ofKind = kind ?? options.fit?.kind ?? 'sale'
  const fit: FitOptions = { ...options.fit, kind: ofKind }
  const usable = rows.filter((r) =>
    isUsableComparable(r, fit.pricePerM2Range ?? DEFAULT_PRICE_PER_M2[ofKind]),
  )
  const results = crossValidate(usable, { ...options, fit })
  const report = summarise(name, ofKind, results, {
    level: fit.intervalLevel ?? 0.8,
    bounds: fit.confidenceThresholds ?? DEFAULT_CONFIDENCE_BOUNDS,
  })
  return { report, results }
}

/** What a class promises: the interval's stated level, and the median error of high and medium. */
interface Promises {
  readonly level: number
  readonly bounds: { readonly high: number; readonly medium: number }
}

/** A held-out home's price and one valuation of it. */
interface Valued {
  readonly price: number
  readonly valuation: Valuation
}

const ape = (estimate: number, price: number) => Math.abs(estimate - price) / price
const apeOf = (v: Valued) => ape(v.valuation.estimatedPrice, v.price)
const covered = (v: Valued) => v.valuation.low <= v.price && v.price <= v.valuation.high

/** The held-out homes of one class as stated: their errors and coverage, against what the class promises. */
function classReport(
  valued: readonly Valued[],
  confidence: Valuation['confidence'],
  promises: Promises,
): ClassReport {
  const inClass = valued.filter((v) => v.valuation.confidence === confidence)
  const mdape = median(inClass.map(apeOf))
  const intervalCoverage = share(inClass, covered)
  const bound = confidence === 'low' ? null : promises.bounds[confidence]
  const meetsTargets =
    inClass.length < MIN_JUDGED
      ? null
      : Math.abs(intervalCoverage - promises.level) <= COVERAGE_TOLERANCE &&
        (bound === null || mdape <= bound)
  return { n: inClass.length, mdape, intervalCoverage, bound, meetsTargets }
}

function byConfidence(valued: readonly Valued[], promises: Promises): MethodReport['byConfidence'] {
  return {
    high: classReport(valued, 'high', promises),
    medium: classReport(valued, 'medium', promises),
    low: classReport(valued, 'low', promises),
  }
}

function methodReport(valued: readonly Valued[], promises: Promises): MethodReport {
  const apes = valued.map(apeOf)
  return {
    n: valued.length,
    mdape: median(apes),
    within10: share(apes, (a) => a <= 0.1),
    intervalCoverage: share(valued, covered),
    byConfidence: byConfidence(valued, promises),
  }
}

function summarise(
  name: string,
  kind: ValuationKind,
  results: readonly HeldOutResult[],
  promises: Promises,
): DatasetReport {
  const valued = results.filter((r) => r.valuation !== null)
  const asValued = valued.map((r) => ({ price: r.row.price, valuation: r.valuation! }))
  const apes = asValued.map(apeOf)
  const baselineApes = valued.filter((r) => r.baseline !== null).map((r) => ape(r.baseline!, r.row.price))
  // The indexed WOZ alone is measured on every home with a WOZ value, not only on those the model could not place.
  const byMethod = new Map<string, Valued[]>()
  const add = (v: Valued) => {
    const own = byMethod.get(v.valuation.method)
    if (own) own.push(v)
    else byMethod.set(v.valuation.method, [v])
  }
  for (const v of asValued) if (v.valuation.method !== WOZ_ONLY_METHOD) add(v)
  for (const r of results) if (r.wozOnly) add({ price: r.row.price, valuation: r.wozOnly })
  return {
    name,
    kind,
    n: valued.length,
    unvalued: results.length - valued.length,
    mdape: median(apes),
    within10: share(apes, (a) => a <= 0.1),
    within20: share(apes, (a) => a <= 0.2),
    intervalCoverage: share(asValued, covered),
    intervalLevel: promises.level,
    baseline: { mdape: median(baselineApes), within10: share(baselineApes, (a) => a <= 0.1) },
    byConfidence: byConfidence(asValued, promises),
    byMethod: Object.fromEntries(
      [...byMethod.keys()].sort().map((method) => [method, methodReport(byMethod.get(method)!, promises)]),
    ),
  }
}

function share<T>(items: readonly T[], test: (item: T) => boolean): number {
  return items.length === 0 ? Number.NaN : items.filter(test).length / items.length
}

/** The naive baseline fitted on training rows: median price per m² of the pc4, else of the city. */
function baselineModel(train: readonly Comparable[]): (home: Comparable) => number | null {
  const byPc4 = new Map<string, number[]>()
  const byCity = new Map<string, number[]>()
  const push = (map: Map<string, number[]>, key: string | null, value: number) => {
    if (key === null) return
    const list = map.get(key)
    if (list) list.push(value)
    else map.set(key, [value])
  }
  for (const r of train) {
    const ppm2 = r.price / r.surfaceArea
    push(byPc4, areaPostcode(r.postcode)?.slice(0, 4) ?? null, ppm2)
    push(byCity, areaCity(r.city), ppm2)
  }
  const pc4Median = new Map([...byPc4].map(([k, v]) => [k, median(v)]))
  const cityMedian = new Map([...byCity].map(([k, v]) => [k, median(v)]))
  return (home) => {
    const pc4 = areaPostcode(home.postcode)?.slice(0, 4)
    const city = areaCity(home.city)
    const ppm2 = (pc4 ? pc4Median.get(pc4) : undefined) ?? (city ? cityMedian.get(city) : undefined)
    return ppm2 === undefined ? null : ppm2 * home.surfaceArea
  }
}
