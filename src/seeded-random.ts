/**
 * Deterministic randomness (mulberry32): the same seed gives the same numbers on every machine, which
 * `Math.random` cannot. The valuation's back-test folds and model fit draw from it, so it is product code; the
 * generators' richer draws (`testkit/seeded-random.ts`) build on it. Not for cryptography.
 */

/** Mulberry32: a tiny, fast 32-bit generator of floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
