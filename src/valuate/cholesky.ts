/**
 * Small dense Cholesky solver for the ridge normal equations (a few dozen unknowns), so the
 * model needs no linear-algebra dependency.
 */

/** Lower-triangular factor L of a symmetric positive-definite p×p matrix (row-major), A = L Lᵀ. */
export function choleskyFactor(a: Float64Array, p: number): Float64Array {
  const l = new Float64Array(p * p)
  for (let j = 0; j < p; j++) {
    let d = a[j * p + j] as number
    for (let k = 0; k < j; k++) d -= (l[j * p + k] as number) ** 2
    // A ridge keeps the matrix positive definite; the floor only guards against rounding.
    const ljj = Math.sqrt(Math.max(d, 1e-12))
    l[j * p + j] = ljj
    for (let i = j + 1; i < p; i++) {
      let s = a[i * p + j] as number
      for (let k = 0; k < j; k++) s -= (l[i * p + k] as number) * (l[j * p + k] as number)
      l[i * p + j] = s / ljj
    }
  }
  return l
}

/** Solves L Lᵀ x = b for x, given the factor from {@link choleskyFactor}. */
export function choleskySolve(l: Float64Array, p: number, b: ArrayLike<number>): Float64Array {
  const y = new Float64Array(p)
  for (let i = 0; i < p; i++) {
    let s = b[i] as number
    for (let k = 0; k < i; k++) s -= (l[i * p + k] as number) * (y[k] as number)
    y[i] = s / (l[i * p + i] as number)
  }
  const x = new Float64Array(p)
  for (let i = p - 1; i >= 0; i--) {
    let s = y[i] as number
    for (let k = i + 1; k < p; k++) s -= (l[k * p + i] as number) * (x[k] as number)
    x[i] = s / (l[i * p + i] as number)
  }
  return x
}
