import { seededRandom } from '../src/seeded-random.js'

/**
 * {@link seededRandom} with the draws synthetic data needs: integers, chances, picks, weights, log-normals. The same
 * seed gives the same sample, extract and market on every machine. Only generators and tests use it, so it is not
 * in the adapter kit (what a source may import).
 */
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
