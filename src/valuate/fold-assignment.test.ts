import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../seeded-random.js'
import { foldAssignment } from './fold-assignment.js'
import { quantile } from './quantile.js'

describe('foldAssignment', () => {
  it('puts every row in one fold, with fold sizes differing by at most one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer(),
        (n, k, seed) => {
          const folds = foldAssignment(n, k, seed)
          expect(folds).toHaveLength(n)
          const sizes = Array.from({ length: k }, (_, f) => folds.filter((x) => x === f).length)
          expect(sizes.reduce((a, b) => a + b, 0)).toBe(n)
          expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
          expect(foldAssignment(n, k, seed)).toEqual(folds)
        },
      ),
    )
  })

  it('gives different splits for different seeds', () => {
    expect(foldAssignment(100, 10, 1)).not.toEqual(foldAssignment(100, 10, 2))
  })
})

describe('seededRandom and quantile', () => {
  it('draws in [0, 1)', () => {
    const r = seededRandom(42)
    for (let i = 0; i < 1000; i++) {
      const x = r()
      expect(x).toBeGreaterThanOrEqual(0)
      expect(x).toBeLessThan(1)
    }
  })

  it('returns quantiles between min and max, monotone in q', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1 }), (xs) => {
        const qs = [0, 0.1, 0.5, 0.9, 1].map((q) => quantile(xs, q))
        // Numeric equality: toBe is Object.is, and [-0, 0] gives +0 where Math.min gives -0 (fast-check found it).
        expect(qs[0] === Math.min(...xs), `${qs[0]} is the minimum`).toBe(true)
        expect(qs[4] === Math.max(...xs), `${qs[4]} is the maximum`).toBe(true)
        for (let i = 1; i < qs.length; i++) expect(qs[i]).toBeGreaterThanOrEqual(qs[i - 1] as number)
      }),
    )
  })
})
