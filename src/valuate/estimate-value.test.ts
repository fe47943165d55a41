import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadDefaultDatasets } from './datasets.js'
import { estimateValue } from './estimate-value.js'
import { fitValuationModel } from './fit-valuation-model.js'
import type { Comparable, HomeFeatures, Valuation } from './types.js'

const [utrecht] = loadDefaultDatasets(fileURLToPath(new URL('../../', import.meta.url)))
const rows = utrecht!.rows
const model = fitValuationModel(rows, { fittedAt: '2016-11-01T00:00:00Z' })
const homes: HomeFeatures[] = rows.map(
  ({ id: _id, price: _price, listedAt: _listedAt, ...home }: Comparable) => home,
)
const valuations = homes.map((h) => estimateValue(model, h))

describe('estimateValue', () => {
  it('values every home of a known area, with the interval around the estimate', () => {
    for (const v of valuations) {
      expect(v).not.toBeNull()
      expect(v!.low).toBeLessThanOrEqual(v!.estimatedPrice)
      expect(v!.high).toBeGreaterThanOrEqual(v!.estimatedPrice)
      expect(v!.intervalLevel).toBe(0.8)
      expect(v!.method).toBe('hedonic-ppm2-shrinkage-v1')
    }
  })

  it('uses all three confidence classes and widens the interval as confidence drops', () => {
    const width = (c: Valuation['confidence']) => {
      const ws = valuations.filter((v) => v!.confidence === c).map((v) => Math.log(v!.high / v!.low))
      expect(ws.length).toBeGreaterThan(50)
      return ws.reduce((a, b) => a + b, 0) / ws.length
    }
    const high = width('high')
    const medium = width('medium')
    const low = width('low')
    expect(high).toBeLessThan(medium)
    expect(medium).toBeLessThan(low)
  })

  it('reports the narrowest level with comparables', () => {
    const known = estimateValue(model, homes[0]!)!
    expect(known.comparables.level).toBe('pc6')
    expect(known.comparables.n).toBeGreaterThan(0)
    const newPc6 = estimateValue(model, { ...homes[0]!, postcode: '3511 ZZ' })!
    expect(['pc5', 'pc4']).toContain(newPc6.comparables.level)
    const cityOnly = estimateValue(model, { ...homes[0]!, postcode: '9999 ZZ' })!
    expect(cityOnly.comparables).toEqual({ n: rows.length, level: 'city' })
    expect(cityOnly.confidence).toBe('low')
  })

  it('returns null when nothing honest can be said', () => {
    expect(estimateValue(model, { ...homes[0]!, surfaceArea: 0 })).toBeNull()
    expect(estimateValue(model, { ...homes[0]!, surfaceArea: Number.NaN })).toBeNull()
    // Far outside the fitted areas (here 5000 m² on a flat) the size curve is pure extrapolation.
    expect(estimateValue(model, { ...homes[0]!, surfaceArea: 5000 })).toBeNull()
    expect(estimateValue(model, { ...homes[0]!, postcode: '9999 ZZ', city: 'Groningen' })).toBeNull()
    expect(estimateValue(model, { ...homes[0]!, postcode: 'garbage', city: null })).toBeNull()
  })

  it('accepts postcodes with or without a space and in any case', () => {
    const h = homes[0]!
    const compact = h.postcode.replace(/\s/g, '')
    expect(estimateValue(model, { ...h, postcode: compact.toLowerCase() })).toEqual(valuations[0])
  })

  it('survives JSON.stringify / JSON.parse and then estimates identically', () => {
    const json = JSON.stringify(model)
    const revived = JSON.parse(json)
    expect(revived).toEqual(model)
    expect(JSON.stringify(revived)).toBe(json)
    homes.forEach((h, i) => {
      expect(estimateValue(revived, h)).toEqual(valuations[i])
    })
  })

  it('values at an earlier date along the fitted trend, clamped to the dates it saw', () => {
    const now = valuations[0]!.estimatedPrice
    const earlier = estimateValue(model, homes[0]!, { valuationDate: '2016-01-01' })!.estimatedPrice
    expect(model.coefficients['years']).toBeGreaterThan(0)
    expect(earlier).toBeLessThan(now)
    const wayBack = estimateValue(model, homes[0]!, { valuationDate: '1990-01-01' })!.estimatedPrice
    expect(wayBack).toBe(estimateValue(model, homes[0]!, { valuationDate: '2014-01-01' })!.estimatedPrice)
  })

  it('is deterministic: the same data and options give the same model', () => {
    expect(fitValuationModel(rows, { fittedAt: '2016-11-01T00:00:00Z' })).toEqual(model)
  })
})
