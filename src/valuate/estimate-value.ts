/**
 * Estimates one home's value from a fitted model: a few microseconds, no I/O, safe to call at
 * API read time on a model that went through JSON.
 */
import { confidenceOf } from './calibrate-uncertainty.js'
import { blendWoz, MAD_TO_SD, MIN_WOZ_ROWS, usableWoz, wozOnlyExpected, yearOf } from './calibrate-woz.js'
import { earnedConfidence, evidenceOf, statedError } from './earned-confidence.js'
import { expectedLogError, localErrorOf, missingFeatures, normalQuantile } from './expected-error.js'
import { yearsBetween } from './fit-hedonic.js'
import { predictHedonic } from './predict-hedonic.js'
import type { HomeFeatures, Valuation, ValuationModel } from './types.js'

/** Per-call options of {@link estimateValue}. */
export interface EstimateOptions {
  /**
   * Date the value should refer to (ISO); defaults to the model's valuation date. The back-test
   * passes each held-out listing's own date, as its asking price was set then.
   */
  readonly valuationDate?: string | null
  /**
   * Value from the indexed WOZ alone, as for a home the model cannot place, even where it could: the back-test
   * measures that path this way.
   */
  readonly wozOnly?: boolean
}

/** Method id of an estimate from the indexed WOZ value alone (see {@link estimateValue}). */
export const WOZ_ONLY_METHOD = 'woz-indexed-v1'

/**
 * Estimates the price (or rent) of a home with an interval at the model's stated level and a
 * confidence class. A home the hedonic model cannot place (no postcode area or city it knows, or no
 * usable living area) is valued from its indexed WOZ value alone when it has one and the model
 * measured the WOZ error on its comparables; otherwise null: then nothing honest can be said. A home
 * with a usable WOZ value (see `usableWoz`) always has it blended in. The class is the one the
 * expected error gives, as far as the model's cross-fit earned it (see `earnedConfidence`), and the
 * interval is drawn from the error of the class stated (see `statedError`).
 */
export function estimateValue(
  model: ValuationModel,
  home: HomeFeatures,
  options?: EstimateOptions,
): Valuation | null {
  if (options?.wozOnly) return wozOnly(model, home, options)
  const years = options?.valuationDate
    ? yearsBetween(options.valuationDate, Date.parse(model.valuationDate))
    : 0
  const prediction = predictHedonic(model, home, years)
  if (!prediction) return wozOnly(model, home, options)
  const u = model.uncertainty
  let log = prediction.logPricePerM2 + Math.log(home.surfaceArea)
  let expected = expectedLogError(
    u.scale,
    prediction.posteriorVariance,
    localErrorOf(u.localError, home),
    missingFeatures(home),
  )
  let method = model.method
  const woz = model.woz
    ? usableWoz(model.woz, home, yearOf(options?.valuationDate) ?? model.woz.valuationYear)
    : null
  if (model.woz && woz !== null) {
    const blend = blendWoz(log, expected, Math.log(woz), model.woz.logVariance)
    log = blend.log
    expected = blend.expected
    method += '+woz'
  }
  const { confidence, reason } = earnedConfidence(
    u,
    woz !== null ? 'hedonic+woz' : 'hedonic',
    confidenceOf(u.confidenceThresholds, expected),
    evidenceOf(prediction.level, prediction.n),
  )
  // One error sets both: the stated class, and the interval drawn from that class's measured errors.
  const error = statedError(expected, confidence, u.confidenceThresholds)
  const { lowZ, highZ } = u.classes[confidence]
  const { estimatedPrice, low, high } = rounded(model, log, log + lowZ * error, log + highZ * error)
  // Listed member by member: spreading the rounded object in was most of the whole estimate's cost.
  return {
    estimatedPrice,
    low,
    high,
    intervalLevel: u.intervalLevel,
    confidence,
    confidenceReason: reason,
    method,
    comparables: { n: prediction.n, level: prediction.level },
  }
}

/**
 * The indexed WOZ value as the estimate, with the spread of log(price / indexed WOZ) the fit measured on its
 * comparables as the error: the interval is that normal interval at the model's level, the class what that error
 * means as far as the cross-fit earned it. Only when the spread was measured, not assumed (too few comparables
 * carried a WOZ).
 */
function wozOnly(model: ValuationModel, home: HomeFeatures, options?: EstimateOptions): Valuation | null {
  if (!model.woz || model.woz.n < MIN_WOZ_ROWS) return null
  const woz = usableWoz(model.woz, home, yearOf(options?.valuationDate) ?? model.woz.valuationYear)
  if (woz === null) return null
  const u = model.uncertainty
  const expected = wozOnlyExpected(model.woz)
  const { confidence, reason } = earnedConfidence(
    u,
    'woz-indexed',
    confidenceOf(u.confidenceThresholds, expected),
    evidenceOf('national', model.woz.n),
  )
  // The measured spread as a normal interval, widened as the estimate's error is when its class fell.
  const z = normalQuantile((1 + u.intervalLevel) / 2) * MAD_TO_SD
  const error = statedError(expected, confidence, u.confidenceThresholds)
  const log = Math.log(woz)
  const { estimatedPrice, low, high } = rounded(model, log, log - z * error, log + z * error)
  return {
    estimatedPrice,
    low,
    high,
    intervalLevel: u.intervalLevel,
    confidence,
    confidenceReason: reason,
    method: WOZ_ONLY_METHOD,
    comparables: { n: model.woz.n, level: 'national' },
  }
}

/**
 * The estimate and interval from their logs, in whole steps of the kind (EUR 1,000; a rent EUR 5): the interval
 * rounded outward, and never excluding the estimate.
 */
function rounded(
  model: ValuationModel,
  log: number,
  lowLog: number,
  highLog: number,
): Pick<Valuation, 'estimatedPrice' | 'low' | 'high'> {
  const step = model.kind === 'rent' ? 5 : 1000
  const estimatedPrice = Math.max(step, Math.round(Math.exp(log) / step) * step)
  return {
    estimatedPrice,
    low: Math.min(Math.floor(Math.exp(lowLog) / step) * step, estimatedPrice),
    high: Math.max(Math.ceil(Math.exp(highLog) / step) * step, estimatedPrice),
  }
}
