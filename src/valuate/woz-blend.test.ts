import { describe, expect, it } from 'vitest'
import { seededRandom } from '../seeded-random.js'
import { calibrateWoz, indexedWoz, wozBlendWeight } from './calibrate-woz.js'
import { estimateValue, WOZ_ONLY_METHOD } from './estimate-value.js'
import { expectedLogError, localErrorOf, missingFeatures } from './expected-error.js'
import { fitValuationModel } from './fit-valuation-model.js'
import { predictHedonic } from './predict-hedonic.js'
import { syntheticComparables, syntheticPostcode } from './synthetic-comparables.js'
import type { Comparable, HomeFeatures } from './types.js'

// The back-test sets carry no WOZ, so the blend is tested here only, on synthetic data.
const market = syntheticComparables({ seed: 11 })
const model = fitValuationModel(market, {
  fittedAt: '2023-06-01T00:00:00Z',
  annualGrowth: 0.04,
  wozLogSd: 0.15,
})
const home: HomeFeatures = {
  postcode: syntheticPostcode(1, 3),
  city: 'Teststad',
  surfaceArea: 100,
  yearBuilt: 1990,
  energyLabel: 'B',
  dwellingType: 'house',
}

describe('WOZ blend', () => {
  const plain = estimateValue(model, home)!
  const woz = Math.round((plain.estimatedPrice * 1.25) / 1.04 / 1000) * 1000
  const withWoz = estimateValue(model, { ...home, wozValue: woz, wozReferenceDate: '2022-01-01' })!

  it('indexes the WOZ from its reference year to the valuation year', () => {
    expect(model.woz!.valuationYear).toBe(2023)
    expect(
      indexedWoz(model.woz!, { ...home, wozValue: 100_000, wozReferenceDate: '2022-01-01' }),
    ).toBeCloseTo(104_000, 6)
    expect(
      indexedWoz(model.woz!, { ...home, wozValue: 100_000, wozReferenceDate: '2020-01-01' }),
    ).toBeCloseTo(100_000 * 1.04 ** 3, 6)
  })

  it('moves the estimate toward the indexed WOZ by the inverse-variance weight', () => {
    const prediction = predictHedonic(model, home)!
    const u = model.uncertainty
    const expected = expectedLogError(
      u.scale,
      prediction.posteriorVariance,
      localErrorOf(u.localError, home),
      missingFeatures(home),
    )
    const w = wozBlendWeight((1.4826 * expected) ** 2, model.woz!.logVariance)
    expect(w).toBeGreaterThan(0.05)
    expect(w).toBeLessThan(0.95)
    const hedonicLog = prediction.logPricePerM2 + Math.log(home.surfaceArea)
    const wozLog = Math.log(woz * 1.04)
    const blended = Math.exp((1 - w) * hedonicLog + w * wozLog)
    expect(Math.abs(withWoz.estimatedPrice - blended)).toBeLessThanOrEqual(500)
    expect(withWoz.estimatedPrice).toBeGreaterThan(plain.estimatedPrice)
    expect(withWoz.method).toBe('hedonic-ppm2-shrinkage-v1+woz')
  })

  const width = (v: typeof plain) => Math.log(v.high / v.low)

  it('narrows the interval when a WOZ value adds information the cross-fit measured', () => {
    // Comparables that carry WOZ values 10 % under their price, give or take 5 %: the cross-fit measured the blend.
    const random = seededRandom(7)
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
    const informed = fitValuationModel(
      market.map((c) => ({
        ...c,
        wozValue: c.price / 1.1 / 1.04 / Math.exp(0.05 * normal()),
        wozReferenceDate: '2022-01-01',
      })),
      { fittedAt: '2023-06-01T00:00:00Z', annualGrowth: 0.04 },
    )
    const alone = estimateValue(informed, home)!
    const agreeing = estimateValue(informed, {
      ...home,
      wozValue: Math.round((alone.estimatedPrice * 1.1) / 1.04),
      wozReferenceDate: '2022-01-01',
    })!
    expect(agreeing.method).toBe('hedonic-ppm2-shrinkage-v1+woz')
    expect(width(agreeing)).toBeLessThan(width(alone))
  })

  it('widens the interval to its class when the blend was never measured: a low estimate is never narrow', () => {
    // `model`'s comparables carry no WOZ value, so no held-out home measured the blend: it states low, and its interval
    // is drawn as for an estimate off by at least the medium bound, wider than the measured estimate without it.
    const agreeing = estimateValue(model, {
      ...home,
      wozValue: Math.round(plain.estimatedPrice / 1.04),
      wozReferenceDate: '2022-01-01',
    })!
    expect(agreeing.method).toBe('hedonic-ppm2-shrinkage-v1+woz')
    expect(agreeing.confidence).toBe('low')
    expect(plain.confidence).not.toBe('low')
    expect(width(agreeing)).toBeGreaterThan(width(plain))
  })

  it('changes nothing without a WOZ value, or without its reference date', () => {
    expect(estimateValue({ ...model, woz: null }, home)).toEqual(plain)
    expect(estimateValue(model, { ...home, wozValue: null })).toEqual(plain)
    expect(estimateValue(model, { ...home, wozValue: woz, wozReferenceDate: null })).toEqual(plain)
    expect(plain.method).toBe('hedonic-ppm2-shrinkage-v1')
  })

  // Oudegracht 10 B, Utrecht: a WOZ value of 505,000 against comparables that said 195,000 was dropped as a "data
  // error" whenever the two differed by more than a factor 2.5, so the home's own assessment was lost exactly when the
  // comparables knew least.
  it('blends a WOZ value far from what the comparables say, and states the doubt in interval and class', () => {
    const far = estimateValue(model, { ...home, wozValue: woz * 3, wozReferenceDate: '2022-01-01' })!
    expect(far.method).toBe('hedonic-ppm2-shrinkage-v1+woz')
    expect(far.estimatedPrice).toBeGreaterThan(1.5 * plain.estimatedPrice)
    expect(far.low).toBeLessThan(far.estimatedPrice)
    expect(width(far)).toBeGreaterThan(width(plain))
    expect(far.confidence).toBe('low')
  })

  it('ignores a WOZ value that is no price of this home: outside the plausible price per m²', () => {
    // The WOZ value of a whole complex linked to one flat: EUR 60,000 a m².
    const complex = { ...home, wozValue: 60_000 * home.surfaceArea, wozReferenceDate: '2022-01-01' }
    expect(estimateValue(model, complex)).toEqual(plain)
    expect(
      estimateValue(model, { ...home, wozValue: 200 * home.surfaceArea, wozReferenceDate: '2022-01-01' }),
    ).toEqual(plain)
  })

  it('weights WOZ by the formula w = vH / (vH + vW)', () => {
    expect(wozBlendWeight(0.01, 0.01)).toBe(0.5)
    expect(wozBlendWeight(0.03, 0.01)).toBeCloseTo(0.75, 12)
  })

  it('uses a configured yearly price index where it covers the years', () => {
    const cal = calibrateWoz([], {
      valuationDate: '2024-03-01',
      priceIndex: { '2022': 100, '2023': 96, '2024': 102 },
      annualGrowth: 0.04,
      wozLogSd: 0.15,
    })
    expect(cal.factors['2022']).toBeCloseTo(1.02, 6)
    expect(cal.factors['2023']).toBeCloseTo(102 / 96, 6)
    // Outside the index the configured growth is compounded.
    expect(indexedWoz(cal, { ...home, wozValue: 100_000, wozReferenceDate: '2019-01-01' })).toBeCloseTo(
      100_000 * 1.04 ** 5,
      6,
    )
  })

  it('measures bias and spread of indexed WOZ on comparables that carry one', () => {
    const rows: Comparable[] = market.map((c, i) => ({
      ...c,
      // Prices run 10 % above the indexed WOZ, give or take a deterministic ±8 %.
      wozValue: c.price / 1.1 / 1.04 / (1 + 0.08 * Math.sin(i)),
      wozReferenceDate: '2022-01-01',
    }))
    const cal = calibrateWoz(rows, { valuationDate: '2023-06-01', annualGrowth: 0.04, wozLogSd: 0.15 })
    expect(cal.n).toBe(rows.length)
    expect(cal.logBias).toBeCloseTo(Math.log(1.1), 2)
    expect(Math.sqrt(cal.logVariance)).toBeGreaterThan(0.03)
    expect(Math.sqrt(cal.logVariance)).toBeLessThan(0.1)
  })

  it('never blends WOZ into a rent model', () => {
    const rents = syntheticComparables({ seed: 5 }).map((c) => ({ ...c, price: Math.round(c.price / 250) }))
    const rent = fitValuationModel(rents, { kind: 'rent', fittedAt: '2023-06-01T00:00:00Z' })
    expect(rent.woz).toBeNull()
    const v = estimateValue(rent, { ...home, wozValue: 400_000, wozReferenceDate: '2022-01-01' })!
    expect(v.method).toBe('hedonic-rentpm2-shrinkage-v1')
    expect(v).toEqual(estimateValue(rent, home))
  })

  describe('a home the hedonic model cannot place', () => {
    // Comparables whose indexed WOZ is 10 % under the price, give or take a log-normal error of 10 %.
    const random = seededRandom(3)
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
    const withWoz: Comparable[] = market.map((c) => ({
      ...c,
      wozValue: c.price / 1.1 / 1.04 / Math.exp(0.1 * normal()),
      wozReferenceDate: '2022-01-01',
    }))
    const measured = fitValuationModel(withWoz, { fittedAt: '2023-06-01T00:00:00Z', annualGrowth: 0.04 })
    const elsewhere: HomeFeatures = { ...home, postcode: '9999 ZZ', city: 'Nergensdorp' }

    it('is valued from its indexed WOZ value alone, with the measured spread as the interval', () => {
      const v = estimateValue(measured, { ...elsewhere, wozValue: 300_000, wozReferenceDate: '2022-01-01' })!
      expect(v.method).toBe(WOZ_ONLY_METHOD)
      expect(v.estimatedPrice).toBe(
        Math.round(
          indexedWoz(measured.woz!, { wozValue: 300_000, wozReferenceDate: '2022-01-01' } as HomeFeatures)! /
            1000,
        ) * 1000,
      )
      expect(v.comparables).toEqual({ n: withWoz.length, level: 'national' })
      expect(v.low).toBeLessThan(v.estimatedPrice)
      expect(v.high).toBeGreaterThan(v.estimatedPrice)
      expect(v.intervalLevel).toBe(0.8)
    })

    it('states an interval that holds on the comparables it was measured on', () => {
      const inside = withWoz.filter((c) => {
        const v = estimateValue(measured, { ...c, postcode: '9999 ZZ', city: 'Nergensdorp' })!
        return v.method === WOZ_ONLY_METHOD && v.low <= c.price && c.price <= v.high
      })
      const coverage = inside.length / withWoz.length
      expect(coverage).toBeGreaterThan(0.7)
      expect(coverage).toBeLessThan(0.9)
    })

    it('stays null without a WOZ value, or when the WOZ spread was assumed rather than measured', () => {
      expect(estimateValue(measured, elsewhere)).toBeNull()
      // `model` was fitted on comparables without WOZ: its WOZ error is the configured guess.
      expect(model.woz!.n).toBe(0)
      expect(
        estimateValue(model, { ...elsewhere, wozValue: 300_000, wozReferenceDate: '2022-01-01' }),
      ).toBeNull()
    })
  })
})
