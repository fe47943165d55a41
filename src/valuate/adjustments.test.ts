import { describe, expect, it } from 'vitest'
import { estimateValue } from './estimate-value.js'
import { fitValuationModel } from './fit-valuation-model.js'
import { syntheticComparables, syntheticPostcode, TRUE_EFFECTS } from './synthetic-comparables.js'
import type { HomeFeatures } from './types.js'

const model = fitValuationModel(syntheticComparables({ pc4s: 8, seed: 3 }), {
  fittedAt: '2023-06-01T00:00:00Z',
})
const home: HomeFeatures = {
  postcode: syntheticPostcode(2, 5),
  city: 'Teststad',
  surfaceArea: 90,
  yearBuilt: 1965,
  energyLabel: 'C',
  dwellingType: 'house',
}
const ratio = (change: Partial<HomeFeatures>) => {
  const base = estimateValue(model, home)!.estimatedPrice
  return estimateValue(model, { ...home, ...change })!.estimatedPrice / base
}

describe('hedonic adjustments fitted on the data', () => {
  it('recovers the sign and rough size of the true effects', () => {
    const c = model.coefficients
    expect(c['apartment']).toBeCloseTo(TRUE_EFFECTS.apartment, 1)
    expect(c['labelA']! - c['labelG']!).toBeGreaterThan(0.05)
    expect(c['built2001-2010']! - c['built1960-1970']!).toBeGreaterThan(0.08)
  })

  it('values an apartment below an otherwise equal house', () => {
    expect(ratio({ dwellingType: 'apartment' })).toBeLessThan(0.95)
  })

  it('values a better energy label higher', () => {
    expect(ratio({ energyLabel: 'A' })).toBeGreaterThan(ratio({ energyLabel: 'G' }))
    // A+++ and lower case are read as A.
    expect(ratio({ energyLabel: 'a+++' })).toBe(ratio({ energyLabel: 'A' }))
  })

  it('values a newer home higher where the data says so', () => {
    expect(ratio({ yearBuilt: 2005 })).toBeGreaterThan(1.05)
  })

  it('lets price per m² fall with size, so price grows less than proportionally', () => {
    const r = ratio({ surfaceArea: 180 })
    expect(r).toBeGreaterThan(1.5)
    expect(r).toBeLessThan(2)
  })

  it('ignores an implausible year built rather than extrapolating from it', () => {
    expect(ratio({ yearBuilt: 20016 })).toBe(ratio({ yearBuilt: null }))
  })
})
