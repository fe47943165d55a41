import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../seeded-random.js'
import { loadDefaultDatasets } from './datasets.js'
import { type Confidence, earnedConfidence, evidenceOf, type ValuationPath } from './earned-confidence.js'
import { estimateValue, WOZ_ONLY_METHOD } from './estimate-value.js'
import { fitValuationModel } from './fit-valuation-model.js'
import { syntheticComparables } from './synthetic-comparables.js'
import type { Comparable, Valuation, ValuationModel } from './types.js'

const THRESHOLDS = { high: 0.05, medium: 0.08 }
const FITTED_AT = '2023-06-01T00:00:00Z'

/** The path a valuation took, by its method id. */
const pathOf = (v: Valuation): ValuationPath =>
  v.method === WOZ_ONLY_METHOD ? 'woz-indexed' : v.method.endsWith('+woz') ? 'hedonic+woz' : 'hedonic'

/** Comparables carrying a WOZ value 10 % under their price, give or take a log-normal error of `sd`. */
function withWoz(rows: readonly Comparable[], sd: number, seed = 3): Comparable[] {
  const random = seededRandom(seed)
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
  return rows.map((c) => ({
    ...c,
    wozValue: Math.round(c.price / 1.1 / 1.04 / Math.exp(sd * normal())),
    wozReferenceDate: '2022-01-01',
  }))
}

/** Every class a valuation states above low rests on a cell its model measured on ≥ 30 homes within the bound. */
function expectEarned(model: ValuationModel, v: Valuation): void {
  if (v.confidence === 'low') return
  const evidence = evidenceOf(v.comparables.level, v.comparables.n)
  const cell = model.uncertainty.measured?.[pathOf(v)]?.[`${v.confidence} ${evidence}`]
  expect(cell, `${v.method} ${v.confidence} ${evidence}`).toBeDefined()
  expect(cell![0]).toBeGreaterThanOrEqual(30)
  expect(cell![1]).toBeLessThanOrEqual(THRESHOLDS[v.confidence])
}

/**
 * A class promises a median error within its bound and more than the bound of the class above: more than half the
 * prices of a low estimate lie beyond ±8 %, so an 80 % interval inside ±8 % could not hold 80 % of them. Every
 * valuation's interval must reach past the bound of the class above its own.
 */
function expectIntervalFitsClass(v: Valuation): void {
  if (v.confidence === 'high') return
  const above = v.confidence === 'low' ? THRESHOLDS.medium : THRESHOLDS.high
  const reach = Math.max(1 - v.low / v.estimatedPrice, v.high / v.estimatedPrice - 1)
  expect(reach, `${v.confidence} ${v.estimatedPrice} [${v.low}, ${v.high}]`).toBeGreaterThan(above)
}

describe('confidence that was earned', () => {
  const market = syntheticComparables({ seed: 11 })

  it('says less than high for a blend no comparable could measure, and why', () => {
    // Like the back-test sets: no comparable carries a WOZ value, so the cross-fit never saw a blend.
    const model = fitValuationModel(market, { fittedAt: FITTED_AT })
    const blended = withWoz(market, 0.05).map((home) => estimateValue(model, home)!)
    expect(blended.every((v) => v.method.endsWith('+woz'))).toBe(true)
    expect(blended.filter((v) => v.confidence !== 'low')).toEqual([])
    expect(blended[0]!.confidenceReason).toMatch(/not back-tested/)
    // Low as stated, so no interval as narrow as the class the blend's expected error predicted.
    for (const v of blended) expectIntervalFitsClass(v)
    // The same homes without their WOZ value: the hedonic path the cross-fit did measure.
    const plain = market.map((home) => estimateValue(model, home)!)
    expect(plain.some((v) => v.confidence !== 'low')).toBe(true)
    for (const v of plain) {
      expectEarned(model, v)
      expectIntervalFitsClass(v)
    }
  })

  it('earns the indexed WOZ alone a class only on homes of other places', () => {
    const elsewhere = { postcode: '9999 ZZ', city: 'Nergensdorp', surfaceArea: 80 }
    const home = { ...elsewhere, wozValue: 300_000, wozReferenceDate: '2022-01-01' }
    // One place: no WOZ calibration measured elsewhere can be tried on it.
    const onePlace = fitValuationModel(withWoz(market, 0.03), { fittedAt: FITTED_AT })
    const alone = estimateValue(onePlace, home)!
    expect(alone.method).toBe(WOZ_ONLY_METHOD)
    expect(alone.confidence).toBe('low')
    expect(alone.confidenceReason).toMatch(/not back-tested/)
    expectIntervalFitsClass(alone)
    // Three places, each valued from the other two's WOZ values: measured, and within 5 %.
    const cities = ['Aadorp', 'Beekbergen', 'Colijnsplaat']
    const threePlaces = fitValuationModel(
      withWoz(market, 0.03).map((c, i) => ({ ...c, city: cities[i % 3]! })),
      { fittedAt: FITTED_AT },
    )
    const earned = estimateValue(threePlaces, home)!
    expect(earned.method).toBe(WOZ_ONLY_METHOD)
    expect(earned.confidence).toBe('high')
    expect(earned.confidenceReason).toMatch(/^High: held-out homes valued the same way .* median \d+\.\d %/)
    expectEarned(threePlaces, earned)
  })

  it('states on a real market only classes its cross-fit measured for that method and evidence', () => {
    const [utrecht] = loadDefaultDatasets(fileURLToPath(new URL('../../', import.meta.url)))
    const model = fitValuationModel(utrecht!.rows, { fittedAt: '2016-11-01T00:00:00Z' })
    const valuations = utrecht!.rows.map((home) => estimateValue(model, home)!)
    for (const c of ['high', 'medium', 'low'] as const)
      expect(valuations.filter((v) => v.confidence === c).length, c).toBeGreaterThan(50)
    for (const v of valuations) {
      expectEarned(model, v)
      expectIntervalFitsClass(v)
    }
  })

  it('draws class and interval from one error on a small market whose cells are thin', () => {
    // 50 homes with WOZ values off by 3 %: the blends are predicted high, but each of their cells (pc6, pc6 with 1–2
    // comparables) held fewer than 30 held-out homes, so they fall to low. Each takes low's error with the class, and
    // the interval that error gives: it said low with ±5 % before.
    const small = withWoz(market.slice(0, 50), 0.03)
    const model = fitValuationModel(small, { fittedAt: FITTED_AT })
    const valuations = small.map((home) => estimateValue(model, home)!)
    const fell = valuations.filter((v) => / not (high|medium) /.test(v.confidenceReason))
    expect(fell.length).toBeGreaterThan(20)
    for (const v of valuations) {
      expectEarned(model, v)
      expectIntervalFitsClass(v)
    }
  })
})

describe('earnedConfidence', () => {
  const earned = (measured: Record<string, readonly [number, number]>, predicted: Confidence) =>
    earnedConfidence(
      { measured: { 'hedonic+woz': measured }, confidenceThresholds: THRESHOLDS },
      'hedonic+woz',
      predicted,
      'pc6 few',
    )

  it('keeps a class measured on enough homes within its bound, with the figures', () => {
    expect(earned({ 'high pc6 few': [45, 0.031] }, 'high')).toEqual({
      confidence: 'high',
      reason:
        'High: held-out homes valued the same way (hedonic+woz, pc6, 1–2 comparables, high) were off by a median 3.1 % (45 homes).',
    })
  })

  it('falls to the best lower class so measured when the class was measured on too few homes or missed its bound', () => {
    const medium = { 'medium pc6 few': [80, 0.061] } as const
    expect(earned({ 'high pc6 few': [28, 0.02], ...medium }, 'high')).toMatchObject({
      confidence: 'medium',
      reason: expect.stringMatching(
        /^Medium, not high .*: high was not back-tested .*: 28 held-out homes, 30 needed\. At medium they were off by a median 6\.1 % \(80 homes\)\.$/,
      ),
    })
    expect(earned({ 'high pc6 few': [300, 0.058], ...medium }, 'high')).toMatchObject({
      confidence: 'medium',
      reason: expect.stringMatching(/off by a median 5\.8 % \(300 homes\), more than high allows \(5\.0 %\)/),
    })
    expect(earned({}, 'low')).toEqual({
      confidence: 'low',
      reason:
        'Low: not back-tested for this way of valuing (hedonic+woz, pc6, 1–2 comparables, low): 0 held-out homes valued the same way, 30 needed.',
    })
    // Another level's figures are another evidence: they earn nothing here.
    expect(earned({ 'high pc6': [500, 0.02], 'medium pc6': [500, 0.05] }, 'high').confidence).toBe('low')
    expect(
      earnedConfidence({ confidenceThresholds: THRESHOLDS }, 'hedonic', 'medium', 'pc4').confidence,
    ).toBe('low')
  })

  it('keys evidence by level, with one or two comparables apart', () => {
    expect(evidenceOf('pc6', 1)).toBe('pc6 few')
    expect(evidenceOf('pc6', 2)).toBe('pc6 few')
    expect(evidenceOf('pc6', 3)).toBe('pc6')
    expect(evidenceOf('national', 0)).toBe('national')
  })
})
