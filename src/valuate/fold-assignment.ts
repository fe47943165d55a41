/**
 * Deterministic randomness for fold splits, so a back-test is reproducible from its seed alone.
 */

/** Mulberry32: a tiny, fast 32-bit PRNG returning floats in [0, 1). Not for cryptography. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Assigns each of n rows to one of k folds of near-equal size, shuffled by the seed. */
export function foldAssignment(n: number, k: number, seed: number): Int32Array {
  const random = seededRandom(seed)
  const order = Array.from({ length: n }, (_, i) => i)
  // Fisher–Yates, then deal round-robin so fold sizes differ by at most one.
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    const tmp = order[i] as number
    order[i] = order[j] as number
    order[j] = tmp
  }
  const folds = new Int32Array(n)
  order.forEach((row, position) => {
    folds[row] = position % k
  })
  return folds
}
