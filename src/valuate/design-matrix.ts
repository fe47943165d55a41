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
 * Builds the design rows of the comparables. Columns that never vary (e.g. no year built
 * anywhere) are left out, as they would only fight the intercept; most features are dummies,
 * mostly zero, so sparse rows make the forty backfitting sweeps cheap.
 */
export function designMatrix(
  rows: readonly Comparable[],
  logAreaCentre: number,
  years: Float64Array,
): DesignMatrix {
  const n = rows.length
  const x = new Float64Array(n * P)
  const row = new Float64Array(P)
  rows.forEach((r, i) => {
    designRow(r, logAreaCentre, years[i] as number, row)
    x.set(row, i * P)
  })
  const active: number[] = [0]
  for (let j = 1; j < P; j++) {
    const first = x[j] as number
    for (let i = 1; i < n; i++) {
      if (x[i * P + j] !== first) {
        active.push(j)
        break
      }
    }
  }
  const rowStart = new Int32Array(n + 1)
  const colIndex: number[] = []
  const colValue: number[] = []
  for (let i = 0; i < n; i++) {
    active.forEach((j, a) => {
      const v = x[i * P + j] as number
      if (v !== 0) {
        colIndex.push(a)
        colValue.push(v)
      }
    })
    rowStart[i + 1] = colIndex.length
  }
  return { active, rowStart, cols: Int32Array.from(colIndex), vals: Float64Array.from(colValue) }
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
