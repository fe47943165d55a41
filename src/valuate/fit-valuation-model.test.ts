import { describe, expect, it } from 'vitest'
import { estimateValue } from './estimate-value.js'
import { fitRentModel, fitValuationModel } from './fit-valuation-model.js'
import { syntheticComparables, syntheticPostcode } from './synthetic-comparables.js'

const market = syntheticComparables({ seed: 21 })
const home = { postcode: syntheticPostcode(0, 1), city: 'Teststad', surfaceArea: 75 }

describe('fitValuationModel', () => {
  it('skips unusable comparables and counts the rest', () => {
    const broken = [
      { ...market[0]!, id: 'zero', price: 0 },
      { ...market[0]!, id: 'typo', price: 350 },
      { ...market[0]!, id: 'nan', surfaceArea: Number.NaN },
    ]
    expect(fitValuationModel([...market, ...broken]).nComparables).toBe(market.length)
  })

  it('refuses to fit on too few comparables or with nonsense options', () => {
    expect(() => fitValuationModel(market.slice(0, 9))).toThrow(/at least 10/)
    expect(() => fitValuationModel(market, { intervalLevel: 1.2 })).toThrow(/intervalLevel/)
    expect(() => fitValuationModel(market, { calibrationFolds: 1 })).toThrow(/calibrationFolds/)
    expect(() => fitValuationModel(market, { valuationDate: 'soon' })).toThrow(/valuation date/)
  })

  it('widens the interval for a higher stated level', () => {
    const at80 = estimateValue(fitValuationModel(market), home)!
    const at95 = estimateValue(fitValuationModel(market, { intervalLevel: 0.95 }), home)!
    expect(at95.intervalLevel).toBe(0.95)
    expect(at95.estimatedPrice).toBe(at80.estimatedPrice)
    expect(at95.high / at95.low).toBeGreaterThan(at80.high / at80.low)
  })

  it('fits rents with the same machinery, rounded to €5', () => {
    const rents = market.map((c) => ({ ...c, price: Math.round(c.price / 240) }))
    const model = fitRentModel(rents, { fittedAt: '2023-06-01T00:00:00Z' })
    expect(model.kind).toBe('rent')
    const v = estimateValue(model, home)!
    expect(v.estimatedPrice % 5).toBe(0)
    expect(v.estimatedPrice).toBeGreaterThan(500)
    expect(v.estimatedPrice).toBeLessThan(3000)
  })

  it('takes a valuation date no one listing sets, however far ahead it is dated', () => {
    const fittedAt = '2023-06-01T00:00:00Z'
    const model = fitValuationModel(market, { fittedAt })
    const ahead = fitValuationModel([...market, { ...market[0]!, id: 'ahead', listedAt: '2099-01-01' }], {
      fittedAt,
    })
    expect(ahead.valuationDate).toBe(model.valuationDate)
    // Its price still counts, as one listing's among 480; its date moves nothing.
    const [before, after] = [model, ahead].map((m) => estimateValue(m, home)!.estimatedPrice)
    expect(Math.abs(after! / before! - 1)).toBeLessThan(0.01)
  })
})
