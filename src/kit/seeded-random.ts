/**
 * Deterministic randomness (mulberry32): the same seed gives the same numbers on every machine, which
 * `Math.random` cannot. Back-test folds, generated extracts and samples, and replayable fuzz trials use it.
 * Not for cryptography.
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

/** {@link seededRandom} with the draws synthetic data needs: integers, chances, picks, weights, log-normals. */
export class SeededRandom {
  /** Uniform in [0, 1). */
  readonly next: () => number

  constructor(seed: number) {
    // Seed 0 is replaced (as it always was here), so generated data stays byte-identical to what is committed.
    this.next = seededRandom(seed >>> 0 || 0x9e3779b9)
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p
  }

  /** `digits` random lower-case hex digits: the ids sites build from them (an 8-hex listing id, a 24-hex object id). */
  hex(digits: number): string {
    return Array.from({ length: digits }, () => '0123456789abcdef'[this.int(0, 15)]).join('')
  }

  /** A uniformly chosen element. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** An element chosen by weight: `[[value, weight], ...]`. */
  weighted<T>(table: readonly (readonly [T, number])[]): T {
    let total = 0
    for (const [, weight] of table) total += weight
    let r = this.next() * total
    for (const [value, weight] of table) {
      r -= weight
      if (r < 0) return value
    }
    return (table.at(-1) as readonly [T, number])[0]
  }

  /** Log-normal with the given median and spread (sigma of the underlying normal). */
  logNormal(median: number, sigma: number): number {
    const u = 1 - this.next()
    const v = this.next()
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
    return median * Math.exp(sigma * normal)
  }
}
