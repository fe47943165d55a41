/**
 * Order statistics used by the model and the back-test.
 */

/** Linear-interpolated quantile (type 7, as R and NumPy default) of unsorted values; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = Float64Array.from(values).sort()
  return quantileSorted(sorted, q)
}

/** Quantile of values already sorted ascending; avoids re-sorting when several are needed. */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length
  if (n === 0) return Number.NaN
  const pos = Math.min(Math.max(q, 0), 1) * (n - 1)
  const lo = Math.floor(pos)
  const hi = Math.min(lo + 1, n - 1)
  const a = sorted[lo] as number
  const b = sorted[hi] as number
  return a + (b - a) * (pos - lo)
}

/** Median of unsorted values; NaN when empty. */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5)
}
