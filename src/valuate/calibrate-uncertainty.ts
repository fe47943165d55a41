/**
 * Calibrates confidence classes and intervals from out-of-sample errors of an internal
 * cross-fit on the training data, so that stated levels are measured, not assumed.
 */
import { areaPostcode } from './area-keys.js'
import {
  blendWoz,
  calibrateWoz,
  usableWoz,
  type WozOptions,
  wozOnlyOutOfSample,
  yearOf,
} from './calibrate-woz.js'
import { choleskyFactor, choleskySolve } from './cholesky.js'
import {
  type Confidence,
  earnedConfidence,
  evidenceOf,
  type HeldOutError,
  type MeasuredCells,
  type Measurements,
  measureCells,
  type ValuationPath,
} from './earned-confidence.js'
import {
  expectedLogError,
  type LocalError,
  missingFeatures,
  normalQuantile,
  type ScaleModel,
} from './expected-error.js'
import { fitHedonicPacked, type HedonicOptions, round6, yearsBetween } from './fit-hedonic.js'
import { foldAssignment } from './fold-assignment.js'
import { predictHedonic } from './predict-hedonic.js'
import { median, quantile } from './quantile.js'
import type { AreaLevel, Comparable, WozCalibration } from './types.js'

export type { Confidence } from './earned-confidence.js'

/** Quantiles of the normalised log error, log(price / estimate) / expected error, in one class. */
export interface ClassCalibration {
  readonly lowZ: number
  readonly highZ: number
  /** Out-of-sample rows behind the quantiles (0 = fallback to pooled or normal quantiles). */
  readonly n: number
}

/** Everything needed to turn a hedonic prediction into a confidence class and an interval. */
export interface UncertaintyCalibration {
  readonly intervalLevel: number
  readonly scale: ScaleModel
  readonly localError: LocalError
  /** Expected error (≈ APE) at or below which an estimate is 'high', resp. 'medium'. */
  readonly confidenceThresholds: { readonly high: number; readonly medium: number }
  readonly classes: Readonly<Record<Confidence, ClassCalibration>>
  /**
   * What the cross-fit measured of each way of valuing, per class and evidence: a valuation states a class only where
   * this shows it was earned (see `earnedConfidence`). Absent in models stored before it was measured: nothing earned.
   */
  readonly measured?: Readonly<Record<ValuationPath, MeasuredCells>>
}

/** Options of {@link calibrateUncertainty}. */
export interface CalibrationOptions {
  readonly folds: number
  readonly seed: number
  readonly intervalLevel: number
  readonly thresholds: { readonly high: number; readonly medium: number }
  /** How a sale model indexes WOZ values: with it, the blend and the indexed WOZ alone are measured too. */
  readonly woz?: WozOptions
}

// Prior weight (in comparables) pulling a local error figure toward the wider area's.
const LOCAL_PRIOR = 10
// Fewer out-of-sample errors than this in a class and its quantiles are too noisy to use.
const MIN_CLASS = 30

/** Maps an expected error to its confidence class. */
export function confidenceOf(
  thresholds: UncertaintyCalibration['confidenceThresholds'],
  expected: number,
): Confidence {
  return expected <= thresholds.high ? 'high' : expected <= thresholds.medium ? 'medium' : 'low'
}

interface OutOfSample {
  readonly home: Comparable
  readonly r: number
  readonly posteriorVariance: number
  readonly level: AreaLevel
  readonly n: number
  /** The WOZ calibration of the fold that valued the home, when the model blends WOZ values. */
  readonly woz: WozCalibration | null
}

/**
 * Cross-fits the hedonic model on the rows, then fits (a) local error tables and (b) a log-linear
 * model of the absolute error, measures (c) the error of every way of valuing per class and
 * evidence: the hedonic estimate, the estimate with the indexed WOZ blended in, and the indexed WOZ
 * alone (valued from other places' WOZ values), and takes (d) per-class quantiles of the error
 * scaled by (b), on the estimates whose class (c) earned as predicted.
 */
export function calibrateUncertainty(
  rows: readonly Comparable[],
  hedonic: HedonicOptions,
  options: CalibrationOptions,
): UncertaintyCalibration {
  const valuationMs = Date.parse(hedonic.valuationDate)
  const folds = foldAssignment(rows.length, options.folds, options.seed)
  const oos: OutOfSample[] = []
  for (let k = 0; k < options.folds; k++) {
    const train = rows.filter((_, i) => folds[i] !== k)
    if (train.length === 0) continue
    const fit = fitHedonicPacked(train, hedonic)
    const woz = options.woz ? calibrateWoz(train, options.woz) : null
    rows.forEach((home, i) => {
      if (folds[i] !== k) return
      const p = predictHedonic(fit, home, yearsBetween(home.listedAt, valuationMs))
      if (!p) return
      const r = Math.log(home.price / home.surfaceArea) - p.logPricePerM2
      oos.push({ home, r, posteriorVariance: p.posteriorVariance, level: p.level, n: p.n, woz })
    })
  }

  const local = localErrorTables(oos)
  const scale = fitScaleModel(oos, local)
  const thresholds = options.thresholds
  const errors: HeldOutError[] = []
  for (const o of oos) {
    const expected = expectedLogError(
      scale,
      o.posteriorVariance,
      local.leaveOneOut(o),
      missingFeatures(o.home),
    )
    const evidence = evidenceOf(o.level, o.n)
    errors.push(heldOut('hedonic', thresholds, evidence, o.r, expected))
    const woz = o.woz && usableWoz(o.woz, o.home, yearOf(o.home.listedAt) ?? o.woz.valuationYear)
    if (o.woz && woz !== null) {
      // The blend as estimateValue makes it, from the same out-of-sample hedonic estimate.
      const log = Math.log(o.home.price) - o.r
      const blend = blendWoz(log, expected, Math.log(woz), o.woz.logVariance)
      errors.push(
        heldOut('hedonic+woz', thresholds, evidence, Math.log(o.home.price) - blend.log, blend.expected),
      )
    }
  }
  if (options.woz) {
    for (const { logError, expected } of wozOnlyOutOfSample(rows, options.woz, options.folds))
      errors.push(heldOut('woz-indexed', thresholds, evidenceOf('national', 0), logError, expected))
  }
  const measured = measureCells(errors)
  const classes = intervalQuantiles(
    earnedAsPredicted(errors, { measured, confidenceThresholds: thresholds }),
    options.intervalLevel,
  )
  return {
    intervalLevel: options.intervalLevel,
    scale,
    localError: local.tables,
    confidenceThresholds: thresholds,
    classes,
    measured,
  }
}

/** A held-out home's error on one path, with the class its expected error predicts. */
function heldOut(
  path: ValuationPath,
  thresholds: CalibrationOptions['thresholds'],
  evidence: string,
  logError: number,
  expected: number,
): HeldOutError {
  return {
    path,
    confidence: confidenceOf(thresholds, expected),
    evidence,
    ape: Math.abs(Math.exp(-logError) - 1),
    logError,
    expected,
  }
}

/**
 * The held-out errors of the model and of the blend whose class was earned as predicted: they measure how far off an
 * estimate of a class is, relative to its expected error. An estimate whose class fell takes its error as at least the
 * bound of the class above (`statedError`), a figure no held-out error was scaled by. The indexed WOZ alone states its
 * own measured spread.
 */
function earnedAsPredicted(errors: readonly HeldOutError[], model: Measurements): HeldOutError[] {
  return errors.filter(
    (e) =>
      e.path !== 'woz-indexed' &&
      earnedConfidence(model, e.path, e.confidence, e.evidence).confidence === e.confidence,
  )
}

/**
 * Per class, the quantiles of the normalised error log(price / estimate) / expected error that bound the interval at
 * `level`; a class with fewer than {@link MIN_CLASS} errors takes those of all classes, and with fewer than that in
 * all, those of a normal error (median |z| is 1 by construction, so a normal z is its quantile / 0.6745).
 */
function intervalQuantiles(
  errors: readonly HeldOutError[],
  level: number,
): Record<Confidence, ClassCalibration> {
  const lowP = (1 - level) / 2
  const highP = (1 + level) / 2
  const zs = (c?: Confidence) =>
    errors.filter((e) => c === undefined || e.confidence === c).map((e) => e.logError / e.expected)
  const all = zs()
  const pooled: ClassCalibration =
    all.length >= MIN_CLASS
      ? { lowZ: round6(quantile(all, lowP)), highZ: round6(quantile(all, highP)), n: 0 }
      : { lowZ: round6(normalQuantile(lowP) / 0.6745), highZ: round6(normalQuantile(highP) / 0.6745), n: 0 }
  const classOf = (c: Confidence): ClassCalibration => {
    const z = zs(c)
    return z.length >= MIN_CLASS
      ? { lowZ: round6(quantile(z, lowP)), highZ: round6(quantile(z, highP)), n: z.length }
      : pooled
  }
  return { high: classOf('high'), medium: classOf('medium'), low: classOf('low') }
}

/** Shrunk mean |error| per pc4 (toward the global mean) and pc5 (toward its pc4). */
function localErrorTables(oos: readonly OutOfSample[]): {
  tables: LocalError
  leaveOneOut: (o: OutOfSample) => number
} {
  const sums = { pc4: new Map<string, [number, number]>(), pc5: new Map<string, [number, number]>() }
  let total = 0
  for (const o of oos) {
    const a = Math.abs(o.r)
    total += a
    const pc = areaPostcode(o.home.postcode)
    if (!pc) continue
    add(sums.pc4, pc.slice(0, 4), a)
    if (pc.length === 6) add(sums.pc5, pc.slice(0, 5), a)
  }
  const global = oos.length > 0 ? total / oos.length : 0.1
  const shrink = (s: [number, number] | undefined, prior: number, own = 0, self = 0) =>
    s ? (s[0] - own + LOCAL_PRIOR * prior) / (s[1] - self + LOCAL_PRIOR) : prior
  const pc4: Record<string, number> = {}
  for (const [key, s] of sums.pc4) pc4[key] = round6(shrink(s, global))
  const pc5: Record<string, number> = {}
  for (const [key, s] of sums.pc5) pc5[key] = round6(shrink(s, pc4[key.slice(0, 4)] ?? global))
  // For fitting the scale model a row's own error must not inform its local figure.
  const leaveOneOut = (o: OutOfSample): number => {
    const pc = areaPostcode(o.home.postcode)
    if (!pc) return global
    const a = Math.abs(o.r)
    const d4 = shrink(sums.pc4.get(pc.slice(0, 4)), global, a, 1)
    return pc.length === 6 ? shrink(sums.pc5.get(pc.slice(0, 5)), d4, a, 1) : d4
  }
  return { tables: { global: round6(global), pc4, pc5 }, leaveOneOut }
}

function add(map: Map<string, [number, number]>, key: string, value: number): void {
  const s = map.get(key)
  if (s) {
    s[0] += value
    s[1] += 1
  } else map.set(key, [value, 1])
}

/**
 * Least squares of log(|error| + 0.002) on the uncertainty predictors, then the intercept is
 * shifted so the prediction is the median absolute error (the small offset stops near-zero
 * errors, whose log is huge and meaningless, from dominating the fit).
 */
function fitScaleModel(oos: readonly OutOfSample[], local: ReturnType<typeof localErrorTables>): ScaleModel {
  const n = oos.length
  if (n < 40) {
    const typical = n > 0 ? median(oos.map((o) => Math.abs(o.r))) : 0.1
    return {
      intercept: round6(Math.log(Math.max(typical, 1e-3))),
      logPosteriorVariance: 0,
      logLocalError: 0,
      missingFeatures: 0,
    }
  }
  const p = 4
  const xtx = new Float64Array(p * p)
  const xty = new Float64Array(p)
  const rowsX = oos.map((o) => [
    1,
    Math.log(Math.max(o.posteriorVariance, 1e-6)),
    Math.log(Math.max(local.leaveOneOut(o), 1e-3)),
    missingFeatures(o.home),
  ])
  rowsX.forEach((x, i) => {
    const t = Math.log(Math.abs((oos[i] as OutOfSample).r) + 0.002)
    for (let a = 0; a < p; a++) {
      xty[a] = (xty[a] as number) + (x[a] as number) * t
      for (let b = 0; b < p; b++)
        xtx[a * p + b] = (xtx[a * p + b] as number) + (x[a] as number) * (x[b] as number)
    }
  })
  // A touch of ridge: a dataset may lack variation in a predictor (e.g. nothing missing).
  for (let a = 1; a < p; a++) xtx[a * p + a] = (xtx[a * p + a] as number) + 1e-3
  const beta = choleskySolve(choleskyFactor(xtx, p), p, xty)
  const linear = rowsX.map((x) => x.reduce((s, v, j) => s + v * (beta[j] as number), 0))
  const shift = Math.log(median(oos.map((o, i) => Math.abs(o.r) / Math.exp(linear[i] as number))))
  return {
    intercept: round6((beta[0] as number) + shift),
    logPosteriorVariance: round6(beta[1] as number),
    logLocalError: round6(beta[2] as number),
    missingFeatures: round6(beta[3] as number),
  }
}
