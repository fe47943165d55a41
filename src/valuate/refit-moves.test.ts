import { describe, expect, it } from 'vitest'
import { fitValuationModel } from './fit-valuation-model.js'
import { MAX_MODEL_AGE_DAYS, movedShare, refitReason } from './refit-moves.js'
import { syntheticComparables } from './synthetic-comparables.js'
import type { Comparable, HomeFeatures } from './types.js'

const comparables = syntheticComparables({ seed: 5 })
const fitOn = (rows: readonly Comparable[], valuationDate = '2026-11-29') =>
  fitValuationModel(rows, { fittedAt: `${valuationDate}T02:00:00Z`, valuationDate })
const stored = fitOn(comparables)
const probe: HomeFeatures[] = comparables.filter((_, i) => i % 5 === 0)

describe('whether a refit replaces the stored valuation model', () => {
  it('keeps the stored model when a night drops a few listings and reprices a few more', () => {
    const night = comparables
      .filter((_, i) => i % 100 !== 7)
      .map((c, i) => (i % 100 === 3 ? { ...c, price: Math.round(c.price * 1.05) } : c))
    const next = fitOn(night, '2026-11-30')
    expect(movedShare(stored, next, probe)).toBeLessThan(0.05)
    expect(refitReason(stored, next, probe)).toBeNull()
  })

  it('takes the refit when the market moved every estimate', () => {
    const next = fitOn(
      comparables.map((c) => ({ ...c, price: Math.round(c.price * 1.1) })),
      '2026-11-30',
    )
    expect(movedShare(stored, next, probe)).toBe(1)
    expect(refitReason(stored, next, probe)).toBe(
      `it moves 100.0 % of ${probe.length} probe homes beyond noise`,
    )
  })

  it('takes the refit once the stored model is a week old, and not a day before', () => {
    const day = (d: number) => `2026-12-${String(d).padStart(2, '0')}`
    expect(refitReason(stored, fitOn(comparables, day(5)), probe)).toBeNull()
    expect(refitReason(stored, fitOn(comparables, day(6)), probe)).toBe(
      `the stored model is ${MAX_MODEL_AGE_DAYS} days old`,
    )
  })

  it('takes the refit in a new year, whose WOZ values are indexed anew', () => {
    const winter = fitOn(comparables, '2026-12-31')
    expect(refitReason(winter, fitOn(comparables, '2027-01-01'), probe)).toBe('the valuation year changed')
  })

  it('takes the refit when the method changed', () => {
    expect(refitReason({ ...stored, method: 'hedonic-v0' }, stored, probe)).toBe('the method changed')
  })
})
