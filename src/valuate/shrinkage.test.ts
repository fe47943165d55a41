import { describe, expect, it } from 'vitest'
import { estimateValue } from './estimate-value.js'
import { fitValuationModel } from './fit-valuation-model.js'
import { syntheticComparables } from './synthetic-comparables.js'
import type { Comparable, HomeFeatures } from './types.js'

// A market where pc6 areas differ little (tau 0.03) next to per-home noise (0.10), so k ≈ 11: one
// comparable says little about its pc6, thirty say a lot.
const market = syntheticComparables({ features: false, tauPc6: 0.03, sigma: 0.1, pc4s: 10 })
const GAP = 1.3
const target: HomeFeatures = { postcode: '1000 ZZ', city: 'Teststad', surfaceArea: 100 }
const fitModel = (rows: readonly Comparable[]) =>
  fitValuationModel(rows, { fittedAt: '2023-06-01T00:00:00Z' })

/** Share of the log gap between the pc4-only estimate and the new pc6's price level that the estimate covers. */
function movedShare(extra: number): { share: number; n: number; level: string } {
  const reference = estimateValue(fitModel(market), target)!
  const pricePerM2 = (GAP * reference.estimatedPrice) / target.surfaceArea
  const local: Comparable[] = Array.from({ length: extra }, (_, i) => ({
    id: `zz${i}`,
    ...target,
    // ±4 % so thirty comparables are not identical, centred on GAP × the reference.
    price: Math.round(pricePerM2 * target.surfaceArea * (1 + 0.04 * Math.cos((i * Math.PI * 2) / 7))),
    listedAt: '2023-06-01',
  }))
  const moved = estimateValue(fitModel([...market, ...local]), target)!
  return {
    share: Math.log(moved.estimatedPrice / reference.estimatedPrice) / Math.log(GAP),
    n: moved.comparables.n,
    level: moved.comparables.level,
  }
}

describe('shrinkage toward the wider area', () => {
  it('values a home in an unseen pc6 at its pc4 level', () => {
    const v = estimateValue(fitModel(market), target)!
    expect(v.comparables.level).toBe('pc4')
    expect(v.comparables.n).toBe(80)
  })

  it('barely moves off the pc4 value for a pc6 with one comparable', () => {
    const { share, n, level } = movedShare(1)
    expect(level).toBe('pc6')
    expect(n).toBe(1)
    expect(share).toBeGreaterThan(0)
    expect(share).toBeLessThan(0.2)
  })

  it('lets a pc6 with thirty comparables dominate', () => {
    const { share, n } = movedShare(30)
    expect(n).toBe(30)
    expect(share).toBeGreaterThan(0.7)
    expect(share).toBeLessThanOrEqual(1.05)
  })

  it('moves monotonically with the number of comparables', () => {
    const shares = [1, 3, 10, 30].map((k) => movedShare(k).share)
    for (let i = 1; i < shares.length; i++) expect(shares[i]).toBeGreaterThan(shares[i - 1] as number)
  })
})
