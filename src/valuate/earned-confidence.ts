/**
 * Confidence that was earned: a valuation states a class only where the model's cross-fit measured that very way of
 * valuing, at that class and with that evidence, on enough held-out homes and within the class's bound.
 */
import { median } from './quantile.js'
import type { AreaLevel } from './types.js'

/** Confidence class of an estimate. */
export type Confidence = 'high' | 'medium' | 'low'

/** The ways a home is valued: the hedonic model, the model with the indexed WOZ blended in, the indexed WOZ alone. */
export type ValuationPath = 'hedonic' | 'hedonic+woz' | 'woz-indexed'

/** What the cross-fit measured of one path, per `"<class> <evidence>"` cell: held-out homes and their median APE. */
export type MeasuredCells = Readonly<Record<string, readonly [n: number, mdape: number]>>

/** One held-out home's error, with the class its expected error gave and the evidence it rested on. */
export interface HeldOutError {
  readonly path: ValuationPath
  readonly confidence: Confidence
  readonly evidence: string
  /** |estimate − price| / price. */
  readonly ape: number
  /** log(price / estimate). */
  readonly logError: number
  /** The error expected of the estimate (≈ APE), from which its class was predicted. */
  readonly expected: number
}

/** A class and what it rests on, for the API. */
export interface EarnedConfidence {
  readonly confidence: Confidence
  readonly reason: string
}

/** Fewer held-out homes than this in a cell and its median error is too noisy to stand for the cell. */
const MIN_MEASURED = 30
/** At the narrowest level with comparables, fewer than this many is thin evidence, measured apart. */
const FEW_COMPARABLES = 3
const ORDER: readonly Confidence[] = ['high', 'medium', 'low']

/**
 * The evidence an estimate rests on, as the cells are keyed: its narrowest level with comparables, and whether that
 * level had only one or two ("pc6", "pc6 few"); "national" for the indexed WOZ alone.
 */
export function evidenceOf(level: AreaLevel, n: number): string {
  return level === 'national' || n >= FEW_COMPARABLES ? level : FEW[level]
}

const FEW: Record<AreaLevel, string> = {
  pc6: 'pc6 few',
  pc5: 'pc5 few',
  pc4: 'pc4 few',
  city: 'city few',
  national: 'national',
}

/** The median error of each cell of each path. */
export function measureCells(errors: readonly HeldOutError[]): Record<ValuationPath, MeasuredCells> {
  const apes: Record<ValuationPath, Map<string, number[]>> = {
    hedonic: new Map(),
    'hedonic+woz': new Map(),
    'woz-indexed': new Map(),
  }
  for (const e of errors) {
    const key = `${e.confidence} ${e.evidence}`
    const cell = apes[e.path].get(key)
    if (cell) cell.push(e.ape)
    else apes[e.path].set(key, [e.ape])
  }
  const cells = (path: ValuationPath): MeasuredCells =>
    Object.fromEntries(
      [...apes[path]]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, values]) => [key, [values.length, Math.round(median(values) * 1e6) / 1e6] as const]),
    )
  return {
    hedonic: cells('hedonic'),
    'hedonic+woz': cells('hedonic+woz'),
    'woz-indexed': cells('woz-indexed'),
  }
}

/** What {@link earnedConfidence} reads of a model's uncertainty calibration. */
export interface Measurements {
  readonly measured?: Readonly<Partial<Record<ValuationPath, MeasuredCells>>>
  readonly confidenceThresholds: { readonly high: number; readonly medium: number }
}

/**
 * The class an estimate may state: the class its expected error gave, if the cross-fit measured that path at that
 * class with that evidence on at least {@link MIN_MEASURED} held-out homes whose median error stayed within the
 * class's bound (high ≤ `confidenceThresholds.high`, medium ≤ `.medium`); else the best lower class that was so
 * measured; else low, which promises nothing. The reason says which, with the figures. A model without measurements
 * (stored before they were made) has earned nothing.
 */
export function earnedConfidence(
  model: Measurements,
  path: ValuationPath,
  predicted: Confidence,
  evidence: string,
): EarnedConfidence {
  // A model has a few dozen cells and is asked once per valuation: each answer is worked out once, and found by
  // constant strings, as the API values homes at read time.
  let answers = answered.get(model)
  if (answers === undefined) {
    answers = new Map()
    answered.set(model, answers)
  }
  const key = ANSWER_KEYS[path][predicted]
  let byEvidence = answers.get(key)
  if (byEvidence === undefined) {
    byEvidence = new Map()
    answers.set(key, byEvidence)
  }
  let answer = byEvidence.get(evidence)
  if (answer === undefined) {
    answer = earn(model.measured?.[path] ?? {}, path, predicted, evidence, model.confidenceThresholds)
    byEvidence.set(evidence, answer)
  }
  return answer
}

const answered = new WeakMap<Measurements, Map<string, Map<string, EarnedConfidence>>>()
const ANSWER_KEYS = Object.fromEntries(
  (['hedonic', 'hedonic+woz', 'woz-indexed'] as const).map((path) => [
    path,
    { high: `${path} high`, medium: `${path} medium`, low: `${path} low` },
  ]),
) as Record<ValuationPath, Record<Confidence, string>>

function earn(
  cells: MeasuredCells,
  path: ValuationPath,
  predicted: Confidence,
  evidence: string,
  thresholds: { readonly high: number; readonly medium: number },
): EarnedConfidence {
  const bound = (c: Confidence) => (c === 'high' ? thresholds.high : c === 'medium' ? thresholds.medium : 1)
  const cellOf = (c: Confidence) => cells[`${c} ${evidence}`] ?? ([0, Number.NaN] as const)
  const measured = (c: Confidence) => cellOf(c)[0] >= MIN_MEASURED
  const earned = (c: Confidence) => c === 'low' || (measured(c) && cellOf(c)[1] <= bound(c))
  const stated = ORDER.slice(ORDER.indexOf(predicted)).find(earned) ?? 'low'
  const same = `${path}, ${describeEvidence(evidence)}`
  const offBy = (c: Confidence) => `off by a median ${pct(cellOf(c)[1])} (${homes(cellOf(c)[0])})`
  const name = stated[0]!.toUpperCase() + stated.slice(1)
  if (stated === predicted) {
    return {
      confidence: stated,
      reason: measured(stated)
        ? `${name}: held-out homes valued the same way (${same}, ${stated}) were ${offBy(stated)}.`
        : `${name}: not back-tested for this way of valuing (${same}, ${stated}): ${homes(cellOf(stated)[0], 'held-out ')} valued the same way, ${MIN_MEASURED} needed.`,
    }
  }
  const whyNot = measured(predicted)
    ? `held-out homes valued the same way at ${predicted} were ${offBy(predicted)}, more than ${predicted} allows (${pct(bound(predicted))})`
    : `${predicted} was not back-tested for this way of valuing: ${homes(cellOf(predicted)[0], 'held-out ')}, ${MIN_MEASURED} needed`
  const at = measured(stated) ? ` At ${stated} they were ${offBy(stated)}.` : ''
  return { confidence: stated, reason: `${name}, not ${predicted} (${same}): ${whyNot}.${at}` }
}

/**
 * The error (≈ APE) an estimate stating `stated` carries: its expected error, but at least the bound of the class above
 * (medium: the high bound; low: the medium bound). A class that was not earned cannot keep the precision it was
 * predicted with, so the one figure that sets the interval's width also gives the stated class.
 */
export function statedError(
  expected: number,
  stated: Confidence,
  thresholds: { readonly high: number; readonly medium: number },
): number {
  return stated === 'high'
    ? expected
    : Math.max(expected, stated === 'medium' ? thresholds.high : thresholds.medium)
}

function describeEvidence(evidence: string): string {
  if (evidence === 'national') return 'WOZ calibrated on comparables elsewhere'
  const [level, few] = evidence.split(' ')
  return few ? `${level}, 1–2 comparables` : `${level}, ${FEW_COMPARABLES} or more comparables`
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`
const homes = (n: number, kind = '') => `${n} ${kind}home${n === 1 ? '' : 's'}`
