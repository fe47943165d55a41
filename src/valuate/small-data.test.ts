import { describe, expect, it } from 'vitest'
import { seededRandom } from '../seeded-random.js'
import { estimateValue } from './estimate-value.js'
import { fitValuationModel } from './fit-valuation-model.js'
import type { Comparable } from './types.js'

describe('a model fitted on few comparables (a first run, a small sample)', () => {
  // Every pc6 holds one home: no within-group spread, so the pc6 level's credibility constant k is 0.
  const random = seededRandom(3)
  const comparables: Comparable[] = Array.from({ length: 30 }, (_, i) => {
    const area = 40 + ((i * 7) % 80)
    return {
      id: String(i),
      postcode: `10${11 + (i % 3)}${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
      city: 'Amsterdam',
      surfaceArea: area,
      price: Math.round(area * 7_000 * (0.8 + random() * 0.4)),
      listedAt: '2026-11-01',
    }
  })
  const model = fitValuationModel(comparables, { fittedAt: '2026-11-01T00:00:00Z' })

  it('values a home in a postcode it never saw with finite numbers, not NaN', () => {
    expect(model.levelVariance.pc6.k).toBe(0)
    const v = estimateValue(model, { postcode: '1011ZZ', city: 'Amsterdam', surfaceArea: 70 })
    expect(v).not.toBeNull()
    for (const n of [v!.estimatedPrice, v!.low, v!.high]) expect(Number.isFinite(n)).toBe(true)
    expect(v!.low).toBeLessThan(v!.high)
  })
})
