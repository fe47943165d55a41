/**
 * The core fit: log price per m² = hedonic adjustments + shrunk area offsets at every level of
 * the hierarchy, estimated together by backfitting.
 */
import { type AreaGroups, areaGroups, HIERARCHY, type HierarchyLevel } from './area-keys.js'
import { choleskyFactor, choleskySolve } from './cholesky.js'
import { type DesignMatrix, designMatrix, ridgeGram } from './design-matrix.js'
import { FEATURE_NAMES } from './design-row.js'
import { type PackedHedonicFit, packedLevel } from './predict-hedonic.js'
import { quantile, quantileSorted } from './quantile.js'
import type { AreaEffect, Comparable } from './types.js'
import { varianceComponents } from './variance-components.js'

/** Variance components of one level: between-group variance tau² and credibility constant k. */
export interface LevelVariance {
  readonly tau2: number
  readonly k: number
}

/** The plain-data result of {@link fitHedonic}; the valuation model embeds it unchanged. */
export interface HedonicFit {
  readonly coefficients: Readonly<Record<string, number>>
  readonly logAreaCentre: number
  /**
   * The living areas (m²) the fit trusts: robust quantiles of the data's. The size curve stays level beyond them, and
   * far beyond them a home is not valued.
   */
  readonly areaRange: readonly [number, number]
  readonly valuationDate: string
  /**
   * The price dates the fit trusts (robust quantiles, and the valuation date), in years relative to the valuation
   * date; the time trend is not extrapolated beyond them.
   */
  readonly yearsRange: readonly [number, number]
  readonly residualVariance: number
  readonly levelVariance: Readonly<Record<HierarchyLevel, LevelVariance>>
  readonly areas: Readonly<Record<HierarchyLevel, Readonly<Record<string, AreaEffect>>>>
}

/** Knobs of the fit; the defaults are what the back-test was run with. */
export interface HedonicOptions {
  readonly valuationDate: string
  /** Ridge penalty on every coefficient but the intercept; keeps sparse year bands in check. */
  readonly ridge?: number
  readonly maxIterations?: number
  /** Residuals count up to this many robust standard deviations (see {@link HUBER_K}); Infinity fits least squares. */
  readonly huberK?: number
}

/**
 * The size and date ranges the fit trusts run from this quantile to its complement, and leave at least `RANGE_ROWS`
 * listings beyond each end: no one listing then moves them further than the gap between two others, nor sits alone at
 * an end to tilt the size curve or the time trend.
 */
const RANGE_QUANTILE = 0.005
const RANGE_ROWS = 10

/** The quantile at which the trusted ranges of `n` values end (and its complement, where they begin). */
export function trustedQuantile(n: number): number {
  return Math.min(0.5, Math.max(RANGE_QUANTILE, RANGE_ROWS / n))
}

/** The [q, 1 − q] quantiles of `values`. */
function robustRange(values: Float64Array, q: number): [number, number] {
  const sorted = Float64Array.from(values).sort()
  return [quantileSorted(sorted, q), quantileSorted(sorted, 1 - q)]
}

/**
 * Huber's constant: a residual beyond this many standard deviations counts only up to it, so that no listing, however
 * far off, moves the adjustments, a city's offset or the variance components by more than a bounded amount. Chosen
 * with the back-test: smaller cut more real price differences, larger let an edge listing move other areas more
 * (docs/data-quality.md).
 */
export const HUBER_K = 2.25

const YEAR_MS = 365.25 * 24 * 3600 * 1000

/** Years between a price date and the valuation date; 0 when the date is unknown or unreadable. */
export function yearsBetween(date: string | null | undefined, valuationMs: number): number {
  const ms = date ? Date.parse(date) : Number.NaN
  return Number.isFinite(ms) ? (ms - valuationMs) / YEAR_MS : 0
}

/**
 * Rounds stored figures to 6 decimals: keeps the JSON small at a cost far below 0.01 %. Returns
 * +0 for -0, which JSON cannot carry, so a model survives a round trip bit for bit.
 */
export function round6(x: number): number {
  const r = Math.round(x * 1e6) / 1e6
  return r === 0 ? 0 : r
}

/**
 * Fits the hedonic hierarchy on valid comparables (positive price and area). Area offsets are
 * credibility-weighted group means of the residual, offset = sum / (n + k) with k = sigma² / tau²
 * estimated per level by the Bühlmann–Straub moment estimators, so a narrow area with few
 * comparables stays near its parent and one with many speaks for itself. Backfitting alternates
 * a ridge fit of the adjustments with a sweep over the levels, wide to narrow. The fit is robust to
 * any one listing: residuals count up to {@link HUBER_K} robust standard deviations (Huber), sizes
 * and dates beyond the ranges the fit trusts are clamped to them, and a feature too few listings
 * have is left out (see `designMatrix`).
 */
export function fitHedonic(rows: readonly Comparable[], options: HedonicOptions): HedonicFit {
  const { fit, active, beta, levels } = fitCore(rows, options)
  const coefficients: Record<string, number> = {}
  active.forEach((j, a) => {
    coefficients[FEATURE_NAMES[j] as string] = beta[a] as number
  })
  const areas = {} as Record<HierarchyLevel, Record<string, AreaEffect>>
  HIERARCHY.forEach((name, li) => {
    const { keys, offsets, counts } = levels[li]!
    const table: Record<string, AreaEffect> = {}
    // Groups shrunk to nothing only cost bytes; their counts are still needed for reporting.
    keys.forEach((key, g) => {
      table[key] = [offsets[g] as number, counts[g] as number]
    })
    areas[name] = table
  })
  return { coefficients, ...fit, areas }
}

/**
 * {@link fitHedonic} for predictions only (the uncertainty calibration's folds): the same fit, packed as
 * `predictHedonic` reads it, without the tables a stored model needs (each fold built them only for the prediction to
 * pack them again: a dictionary object of thousands of keys per level).
 */
export function fitHedonicPacked(rows: readonly Comparable[], options: HedonicOptions): PackedHedonicFit {
  const { fit, active, beta, levels } = fitCore(rows, options)
  const dense = new Float64Array(FEATURE_NAMES.length)
  active.forEach((j, a) => {
    dense[j] = beta[a] as number
  })
  return {
    ...fit,
    packed: { beta: dense, levels: levels.map((l) => packedLevel(l.keys, l.offsets, l.counts)) },
  }
}

/** A fit before it takes its stored or its packed form: coefficients of the active columns and every level's effects. */
interface FitCore {
  readonly fit: Omit<HedonicFit, 'coefficients' | 'areas'>
  /** The feature columns (indices into FEATURE_NAMES) that `beta` gives, rounded as stored. */
  readonly active: readonly number[]
  readonly beta: Float64Array
  /** Per level: each group's key, its offset (rounded as stored) and its comparables. */
  readonly levels: readonly { keys: readonly string[]; offsets: Float64Array; counts: Float64Array }[]
}

function fitCore(rows: readonly Comparable[], options: HedonicOptions): FitCore {
  const n = rows.length
  if (n === 0) throw new Error('fitHedonic: no comparables')
  const valuationMs = Date.parse(options.valuationDate)
  const y = new Float64Array(n)
  const years = new Float64Array(n)
  const logAreas = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    const r = rows[i] as Comparable
    logAreas[i] = Math.log(r.surfaceArea)
    y[i] = Math.log(r.price / r.surfaceArea)
    years[i] = yearsBetween(r.listedAt, valuationMs)
  }
  const logAreaCentre = round6(quantile(Array.from(logAreas), 0.5))
  // The ranges of size and date the fit trusts, and clamps a listing beyond them to: robust quantiles, so that one
  // listing (a 5,000 m² house, a date decades old) neither stretches them nor gets the leverage to tilt the size
  // curve or the time trend for every home.
  const areaRange = robustRange(logAreas.map(Math.exp), trustedQuantile(n))
  const yearsRange = robustRange(years, trustedQuantile(n))
  const dated = years.map((t) => Math.min(Math.max(t, yearsRange[0]), yearsRange[1]))
  const matrix = designMatrix(rows, logAreaCentre, dated, areaRange)
  const q = matrix.active.length
  const factor = choleskyFactor(
    ridgeGram(matrix.rowStart, matrix.cols, matrix.vals, q, options.ridge ?? 1),
    q,
  )
  const levels = areaGroups(rows).map(levelOf)

  const offset = new Float64Array(n)
  const fitted = new Float64Array(n)
  const wider = new Float64Array(n)
  const huberK = options.huberK ?? HUBER_K
  const state: RowState = {
    y,
    fitted,
    offset,
    wider,
    observed: Float64Array.from(y),
    reach: logAreas.map((l) => {
      const area = Math.exp(l)
      return Math.min(1, areaRange[1] / area, area / areaRange[0])
    }),
    // No bound before the first sweep has residuals to scale it by.
    bound: Number.POSITIVE_INFINITY,
    scale: { k: huberK, clippedSq: 0, expectedSq: huberExpectedSquare(huberK) },
  }
  const xtr = new Float64Array(q)
  let beta: Float64Array = new Float64Array(q)
  const maxIterations = options.maxIterations ?? 40
  // The first sweep's right-hand side; each sweep's last pass computes the next one's.
  adjustmentRhs(matrix, y, offset, xtr)
  for (let iter = 0; iter < maxIterations; iter++) {
    // Adjustments given the area offsets.
    beta = choleskySolve(factor, q, xtr)
    // Each level given the adjustments and every other level (Gauss–Seidel). Its variance
    // components, though, come from the residual after the wider levels only: estimated after
    // the narrower ones too, a pc6 that is one building lost all its variance to the building
    // level, leaving homes whose year does not match (listing vs BAG) with no local signal.
    // The back-test also preferred it.
    // One pass over the rows per level: each pass moves the rows to the previous level's new
    // effects and sums the next level's partial residuals, which reads only what the first
    // part just wrote for the same row (the arithmetic is the same as two passes, bit for bit).
    let maxChange = 0
    let mean = 0
    levels.forEach((level, li) => {
      if (li === 0) fitAndSum(matrix, beta, state, level)
      else applyAndSum(levels[li - 1] as Level, mean, state, level)
      mean = nextEffects(level)
      const { effect, next } = level
      for (let g = 0; g < next.length; g++)
        maxChange = Math.max(maxChange, Math.abs((next[g] as number) - (effect[g] as number)))
    })
    // HIERARCHY has its seven levels, so there is always a last one to move the rows to.
    applyAndRhs(levels.at(-1) as Level, mean, state, matrix, xtr, levels[0] as Level)
    state.bound = nextBound(state)
    for (const level of levels) {
      const { effect } = level
      level.effect = level.next
      level.next = effect
    }
    // Backfitting creeps where adjustments and offsets are confounded (a building's homes share
    // their year built). On the Utrecht back-test, sweeps past 40 barely moved predictions, so
    // 40 is the cap.
    if (maxChange < 1e-6) break
  }

  const levelVariance = {} as Record<HierarchyLevel, LevelVariance>
  HIERARCHY.forEach((name, li) => {
    const level = levels[li]!
    levelVariance[name] = {
      tau2: round6(level.tau2),
      k: Number.isFinite(level.k) ? round6(level.k) : 1e9,
    }
  })
  let residualVariance = 0
  for (let i = 0; i < n; i++)
    residualVariance += ((y[i] as number) - (fitted[i] as number) - (offset[i] as number)) ** 2
  residualVariance /= n
  return {
    fit: {
      logAreaCentre,
      areaRange: [round6(areaRange[0]), round6(areaRange[1])],
      valuationDate: options.valuationDate,
      // The valuation date is always in range: an estimate there is not an extrapolation.
      yearsRange: [round6(Math.min(0, yearsRange[0])), round6(Math.max(0, yearsRange[1]))],
      residualVariance: round6(residualVariance),
      levelVariance,
    },
    active: matrix.active,
    beta: beta.map(round6),
    levels: levels.map((level) => ({
      keys: level.keys,
      offsets: level.effect.map(round6),
      counts: level.size,
    })),
  }
}

/** One pooling level during the fit: each row's group (-1 where the level does not apply) and the groups' state. */
interface Level {
  readonly keys: readonly string[]
  readonly group: Int32Array
  readonly size: Float64Array
  readonly coversAll: boolean
  effect: Float64Array
  // Scratch for each sweep, allocated once: a fresh set per level and sweep (tens of MB a national fit) was paid in
  // page faults and zeroing.
  next: Float64Array
  readonly sum: Float64Array
  readonly sumWider: Float64Array
  readonly sumSqWider: Float64Array
  tau2: number
  k: number
}

/**
 * Per row during the fit: the target (log price per m²), the adjustments' fit, the sum of every level's offset, and
 * the sum of the offsets of the levels wider than the one being summed.
 */
interface RowState {
  /** What the fit runs on: the observed targets with their residuals cut to `bound` (Huber's pseudo-observations). */
  readonly y: Float64Array
  readonly fitted: Float64Array
  readonly offset: Float64Array
  readonly wider: Float64Array
  readonly observed: Float64Array
  /**
   * How far each row's residual may count, as a share of the bound: 1 within the sizes the fit trusts, and beyond them
   * the ratio of the range's end to the row's area, so that a listing far larger or smaller than any other cannot lever
   * the size curve.
   */
  readonly reach: Float64Array
  /** The largest residual that counts in full; Infinity fits least squares. */
  bound: number
  readonly scale: HuberScale
}

/** What the next bound is computed from: Huber's constant, the sum of the cut residuals squared, E[min(Z², k²)]. */
interface HuberScale {
  readonly k: number
  clippedSq: number
  readonly expectedSq: number
}

/**
 * E[min(Z², k²)] for a standard normal Z: what the mean of cut squared residuals is, in units of the variance, when the
 * residuals are normal. Dividing by it makes the scale below consistent (Huber's Proposal 2).
 */
function huberExpectedSquare(k: number): number {
  if (!Number.isFinite(k)) return 1
  const tail = 1 - normalCdf(k)
  return 1 - 2 * tail - (2 * k * Math.exp((-k * k) / 2)) / Math.sqrt(2 * Math.PI) + 2 * k * k * tail
}

/** The standard normal distribution function (Zelen & Severo 26.2.17, absolute error below 7.5e-8). */
function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x))
  const poly =
    t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))))
  const upper = (Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI)) * poly
  return x >= 0 ? 1 - upper : upper
}

/**
 * The bound of the next sweep: Huber's constant times the residuals' scale, measured on the residuals as this sweep
 * cut them (Huber's Proposal 2), so that the scale itself is one no single listing can inflate.
 */
function nextBound(state: RowState): number {
  const { k, clippedSq, expectedSq } = state.scale
  state.scale.clippedSq = 0
  if (!Number.isFinite(k)) return Number.POSITIVE_INFINITY
  return k * Math.sqrt(clippedSq / state.y.length / expectedSq)
}

// The loops below are small functions of typed arrays on purpose: V8 optimises each once and keeps it. Inlined in
// fitHedonic they were compiled on the stack loop by loop and thrown away at each new loop, so the first sweeps ran
// unoptimised, boxing every intermediate double (a quarter of a national fit's scavenges).

function levelOf({ group, keys }: AreaGroups): Level {
  const groups = keys.length
  const size = new Float64Array(groups)
  let coversAll = true
  for (let i = 0; i < group.length; i++) {
    const g = group[i] as number
    if (g >= 0) size[g] = (size[g] as number) + 1
    else coversAll = false
  }
  return {
    keys,
    group,
    size,
    coversAll,
    effect: new Float64Array(groups),
    next: new Float64Array(groups),
    sum: new Float64Array(groups),
    sumWider: new Float64Array(groups),
    sumSqWider: new Float64Array(groups),
    tau2: 0,
    k: Number.POSITIVE_INFINITY,
  }
}

/**
 * The last pass of a sweep: moves the rows to the narrowest level's new effects (see {@link applyAndSum}), then adds
 * each row to Xᵀ(y − offset) in `xtr`, the next sweep's right-hand side (as {@link adjustmentRhs} does, bit for bit).
 */
function applyAndRhs(
  previous: Level,
  mean: number,
  state: RowState,
  m: DesignMatrix,
  xtr: Float64Array,
  city: Level,
): void {
  const { y, fitted, offset, wider, observed, bound, reach } = state
  const { rowStart, cols, vals } = m
  const done = previous.group
  const next = previous.next
  const old = previous.effect
  let clippedSq = 0
  xtr.fill(0)
  for (let i = 0; i < done.length; i++) {
    const f = (fitted[i] as number) + mean
    fitted[i] = f
    let o = offset[i] as number
    const d = done[i] as number
    if (d >= 0) {
      o = o + (next[d] as number) - (old[d] as number)
      offset[i] = o
      wider[i] = (wider[i] as number) + (next[d] as number)
    }
    // The row's pseudo-observation for the next sweep: what the adjustments and the other listings of its city say,
    // plus its residual from that, cut to the bound. Not its residual from the whole fit: its own small areas would
    // absorb it, and its pseudo-observation would creep back to what it observed.
    const anchor = f + leaveOneOutEffect(city, i, (y[i] as number) - f - o)
    const residual = (observed[i] as number) - anchor
    const own = bound * (reach[i] as number)
    if (Math.abs(residual) <= own) {
      clippedSq += residual * residual
      y[i] = observed[i] as number
    } else {
      clippedSq += own * own
      y[i] = anchor + (residual > 0 ? own : -own)
    }
    const t = (y[i] as number) - o
    const end = rowStart[i + 1] as number
    for (let u = rowStart[i] as number; u < end; u++) {
      const a = cols[u] as number
      xtr[a] = (xtr[a] as number) + (vals[u] as number) * t
    }
  }
  state.scale.clippedSq = clippedSq
}

/**
 * Row `i`'s group effect at `level` as the group's other rows give it, from the new effect and the row's residual
 * from the whole fit: with effect = sum / (n + k), the sum less the row's partial residual (residual + effect) over
 * n − 1 + k, which is effect − residual / (n − 1 + k). 0 for a row alone in its group, or in none.
 */
function leaveOneOutEffect(level: Level, i: number, residual: number): number {
  const g = level.group[i] as number
  if (g < 0 || !Number.isFinite(level.k)) return 0
  const effect = level.next[g] as number
  const others = (level.size[g] as number) - 1 + level.k
  return others > 0 ? effect - residual / others : 0
}

/** Xᵀ(y − offset) into `xtr`: the right-hand side of the adjustments' normal equations. */
function adjustmentRhs(m: DesignMatrix, y: Float64Array, offset: Float64Array, xtr: Float64Array): void {
  const { rowStart, cols, vals } = m
  xtr.fill(0)
  for (let i = 0; i < y.length; i++) {
    const t = (y[i] as number) - (offset[i] as number)
    const end = rowStart[i + 1] as number
    for (let u = rowStart[i] as number; u < end; u++) {
      const a = cols[u] as number
      xtr[a] = (xtr[a] as number) + (vals[u] as number) * t
    }
  }
}

/**
 * The level's new effects from its sums into `next`: credibility-weighted group means of the partial residual, with
 * its variance components from the residual after the wider levels. Returns the mean moved into the intercept (0 for
 * a level that does not cover every row): at the solution the offsets of a level that covers every row sum to zero
 * (sum the level's normal equations and use the intercept's), and moving their mean into the intercept removes the
 * slow intercept-versus-offsets drift of plain backfitting.
 */
function nextEffects(level: Level): number {
  const { size, next, sum, sumWider, sumSqWider } = level
  const groups = size.length
  const { tau2, sigma2 } = varianceComponents(sumWider, sumSqWider, size)
  level.tau2 = tau2
  level.k = tau2 > 0 ? sigma2 / tau2 : Number.POSITIVE_INFINITY
  if (Number.isFinite(level.k)) {
    for (let g = 0; g < groups; g++) next[g] = (sum[g] as number) / ((size[g] as number) + level.k)
  } else next.fill(0)
  if (!level.coversAll || groups === 0) return 0
  let mean = 0
  for (let g = 0; g < groups; g++) mean += next[g] as number
  mean /= groups
  for (let g = 0; g < groups; g++) next[g] = (next[g] as number) - mean
  return mean
}

/** Empties a level's sums before a pass adds to them. */
function clearSums(level: Level): void {
  level.sum.fill(0)
  level.sumWider.fill(0)
  level.sumSqWider.fill(0)
}

/**
 * The first pass of a sweep: X·beta into `fitted`, no wider levels yet, and the widest level's sums (see
 * {@link applyAndSum}).
 */
function fitAndSum(m: DesignMatrix, beta: Float64Array, state: RowState, level: Level): void {
  const { y, fitted, offset, wider } = state
  const { rowStart, cols, vals } = m
  const { group, effect, sum, sumWider, sumSqWider } = level
  clearSums(level)
  for (let i = 0; i < fitted.length; i++) {
    let s = 0
    const end = rowStart[i + 1] as number
    for (let u = rowStart[i] as number; u < end; u++)
      s += (vals[u] as number) * (beta[cols[u] as number] as number)
    fitted[i] = s
    wider[i] = 0
    const g = group[i] as number
    if (g < 0) continue
    sum[g] = (sum[g] as number) + (y[i] as number) - s - (offset[i] as number) + (effect[g] as number)
    const r = (y[i] as number) - s
    sumWider[g] = (sumWider[g] as number) + r
    sumSqWider[g] = (sumSqWider[g] as number) + r * r
  }
}

/**
 * One pass over the rows: moves each row from the previous level's old effects to its new ones (and the intercept by
 * the mean it took from that level), adds them to the wider levels' sum, then adds the row to `level`'s sums: the
 * partial residual (for its new offsets) and, after the wider levels only, sum and sum of squares (for its variance
 * components).
 */
function applyAndSum(previous: Level, mean: number, state: RowState, level: Level): void {
  const { y, fitted, offset, wider } = state
  const done = previous.group
  const next = previous.next
  const old = previous.effect
  const { group, effect, sum, sumWider, sumSqWider } = level
  clearSums(level)
  for (let i = 0; i < done.length; i++) {
    const f = (fitted[i] as number) + mean
    fitted[i] = f
    let o = offset[i] as number
    let w = wider[i] as number
    const d = done[i] as number
    if (d >= 0) {
      o = o + (next[d] as number) - (old[d] as number)
      w = w + (next[d] as number)
      offset[i] = o
      wider[i] = w
    }
    const g = group[i] as number
    if (g < 0) continue
    sum[g] = (sum[g] as number) + (y[i] as number) - f - o + (effect[g] as number)
    const r = (y[i] as number) - f - w
    sumWider[g] = (sumWider[g] as number) + r
    sumSqWider[g] = (sumSqWider[g] as number) + r * r
  }
}
