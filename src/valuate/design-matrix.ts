/**
 * The hedonic design matrix in compressed sparse rows, and its ridge-penalised Gram matrix.
 */
import { designRow, FEATURE_NAMES } from './design-row.js'
import type { Comparable } from './types.js'

/** Active feature columns (indices into FEATURE_NAMES) and the rows over them in CSR form. */
export interface DesignMatrix {
  readonly active: readonly number[]
  readonly rowStart: Int32Array
  readonly cols: Int32Array
  readonly vals: Float64Array
}

const P = FEATURE_NAMES.length

/**
 * A feature enters the fit only when at least this many comparables set it apart from the rest (see
 * {@link designMatrix}): fitted on fewer, its coefficient would be those few listings' own, and one of them alone could
 * move it, and with it every home that has the feature, wherever it is. Chosen as 30, where one listing's residual,
 * cut as the fit cuts it, moves a coefficient by about a percent at most.
 */
export const MIN_FEATURE_SUPPORT = 30

/**
 * Builds the design rows of the comparables. Columns that never vary (e.g. no year built
 * anywhere) are left out, as they would only fight the intercept, and so are columns that too few
 * comparables set apart ({@link MIN_FEATURE_SUPPORT}): a home with such a feature is valued as one
 * without it. Most features are dummies, mostly zero, so sparse rows make the forty backfitting
 * sweeps cheap. Built sparse from the start: a dense copy of a national sale fit's rows is 32 MB of
 * fresh memory (page faults), and growing plain arrays entry by entry cost as much again.
 */
export function designMatrix(
  rows: readonly Comparable[],
  logAreaCentre: number,
  years: Float64Array,
  areaRange: readonly [number, number],
): DesignMatrix {
  const n = rows.length
  const row = new Float64Array(P)
  const first = new Float64Array(P)
  const seen: ColumnTally = {
    varies: new Uint8Array(P),
    nonZero: new Float64Array(P),
    dummy: new Uint8Array(P).fill(1),
  }
  const rowStart = new Int32Array(n + 1)
  // Every column's non-zeros first (features by number), then only the active ones, renumbered.
  let cols = new Int32Array(Math.max(64, n * 10))
  let vals = new Float64Array(cols.length)
  let nnz = 0
  for (let i = 0; i < n; i++) {
    designRow(rows[i] as Comparable, logAreaCentre, years[i] as number, areaRange, row)
    if (i === 0) first.set(row)
    if (nnz + P > cols.length) {
      ;({ cols, vals } = grown(cols, vals, nnz))
    }
    nnz = appendRow(row, first, seen, cols, vals, nnz)
    rowStart[i + 1] = nnz
  }
  const active: number[] = []
  const renumber = new Int32Array(P).fill(-1)
  for (let j = 0; j < P; j++) {
    if (j === 0 || (seen.varies[j] === 1 && supportOf(seen, j, n) >= MIN_FEATURE_SUPPORT)) {
      renumber[j] = active.length
      active.push(j)
    }
  }
  const kept = keepActive(rowStart, cols, vals, renumber)
  return { active, rowStart, cols: cols.slice(0, kept), vals: vals.slice(0, kept) }
}

/** What the rows showed of each column: whether it varies, its non-zeros, and whether it is a 0/1 dummy. */
interface ColumnTally {
  readonly varies: Uint8Array
  readonly nonZero: Float64Array
  readonly dummy: Uint8Array
}

/**
 * How many rows set column `j` apart: for a dummy, the rarer of its two values (a dummy nearly every row has is as
 * sparse as one few have); for any other column, the rows where it is not zero (beyond a size knot, with a date).
 */
function supportOf(seen: ColumnTally, j: number, n: number): number {
  const nonZero = seen.nonZero[j] as number
  return seen.dummy[j] === 1 ? Math.min(nonZero, n - nonZero) : nonZero
}

/** Appends a row's non-zeros, tallying each column (see {@link ColumnTally}) against the first row's values. */
function appendRow(
  row: Float64Array,
  first: Float64Array,
  seen: ColumnTally,
  cols: Int32Array,
  vals: Float64Array,
  nnz: number,
): number {
  let at = nnz
  for (let j = 0; j < row.length; j++) {
    const v = row[j] as number
    if (v !== first[j]) seen.varies[j] = 1
    if (v !== 0) {
      seen.nonZero[j] = (seen.nonZero[j] as number) + 1
      if (v !== 1) seen.dummy[j] = 0
      cols[at] = j
      vals[at] = v
      at++
    }
  }
  return at
}

/** Drops the entries of inactive columns (`renumber` -1) in place and renumbers the rest; returns the count kept. */
function keepActive(
  rowStart: Int32Array,
  cols: Int32Array,
  vals: Float64Array,
  renumber: Int32Array,
): number {
  let kept = 0
  let from = 0
  for (let i = 1; i < rowStart.length; i++) {
    const end = rowStart[i] as number
    for (let u = from; u < end; u++) {
      const a = renumber[cols[u] as number] as number
      if (a < 0) continue
      cols[kept] = a
      vals[kept] = vals[u] as number
      kept++
    }
    from = end
    rowStart[i] = kept
  }
  return kept
}

function grown(
  cols: Int32Array,
  vals: Float64Array,
  used: number,
): { cols: Int32Array<ArrayBuffer>; vals: Float64Array<ArrayBuffer> } {
  const moreCols = new Int32Array(cols.length * 2)
  const moreVals = new Float64Array(cols.length * 2)
  moreCols.set(cols.subarray(0, used))
  moreVals.set(vals.subarray(0, used))
  return { cols: moreCols, vals: moreVals }
}

/** XᵀX + ridge·I over q active columns, leaving the intercept (column 0) unpenalised. */
export function ridgeGram(
  rowStart: Int32Array,
  cols: Int32Array,
  vals: Float64Array,
  q: number,
  ridge: number,
): Float64Array {
  const xtx = new Float64Array(q * q)
  for (let i = 0; i + 1 < rowStart.length; i++) {
    const end = rowStart[i + 1] as number
    for (let u = rowStart[i] as number; u < end; u++) {
      const a = cols[u] as number
      const v = vals[u] as number
      for (let w = rowStart[i] as number; w < end; w++) {
        const b = cols[w] as number
        xtx[a * q + b] = (xtx[a * q + b] as number) + v * (vals[w] as number)
      }
    }
  }
  for (let a = 1; a < q; a++) xtx[a * q + a] = (xtx[a * q + a] as number) + ridge
  return xtx
}
