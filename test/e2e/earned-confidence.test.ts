import BetterSqlite3 from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { evidenceOf, type ValuationPath } from '../../src/valuate/earned-confidence.js'
import type { AreaLevel, ValuationModel } from '../../src/valuate/types.js'
import { useServedSample } from '../helpers/served-sample.js'

const sample = useServedSample()

interface Estimate {
  confidence: 'high' | 'medium' | 'low' | null
  confidence_reason: string | null
  low: number | null
  high: number | null
  interval_level: number | null
  method: string | null
  comparables: { n: number; level: AreaLevel } | null
  no_estimate_reason: string | null
}

interface Property {
  bag_id: string
  address: { street: string; number: string; city: string; postcode: string }
  building: { woz_value: number | null; surface_area: number | null }
  valuation: Estimate & {
    estimated_price: number | null
    estimated_rent: number | null
    rent: Estimate & { estimated_rent: number | null }
  }
}

/** How far the interval reaches from the estimate, on its wider side, as a fraction of the estimate. */
const reach = (estimate: number, e: Estimate) => Math.max(1 - e.low! / estimate, e.high! / estimate - 1)

let records: Property[] = []
let model: ValuationModel

beforeAll(async () => {
  const ids = new Set((await sample.allListings()).map((l) => l.bag_id).filter((id) => id !== null))
  records = await Promise.all([...ids].map((id) => sample.get<Property>(`/v1/properties/${id}`)))
  const db = new BetterSqlite3(sample.db, { readonly: true })
  model = JSON.parse(
    (
      db.prepare("select model_json from valuation_models where kind = 'sale'").get() as {
        model_json: string
      }
    ).model_json,
  )
  db.close()
}, 120_000)

const pathOf = (method: string): ValuationPath =>
  method === 'woz-indexed-v1' ? 'woz-indexed' : method.endsWith('+woz') ? 'hedonic+woz' : 'hedonic'

describe('confidence on the served sample', () => {
  it('states high or medium only where the back-test at publish measured that method, class and evidence', () => {
    const valued = records.filter((r) => r.valuation.estimated_price !== null)
    expect(valued.length).toBeGreaterThan(400)
    const bounds = model.uncertainty.confidenceThresholds
    for (const { valuation: v } of valued) {
      expect(v.confidence_reason).toEqual(expect.any(String))
      if (v.confidence === 'low') continue
      const evidence = evidenceOf(v.comparables!.level, v.comparables!.n)
      const cell = model.uncertainty.measured?.[pathOf(v.method!)]?.[`${v.confidence} ${evidence}`]
      expect(cell, `${v.method} ${v.confidence} ${evidence}`).toBeDefined()
      expect(cell![0]).toBeGreaterThanOrEqual(30)
      expect(cell![1]).toBeLessThanOrEqual(bounds[v.confidence!])
    }
  })

  // Europaplein 122-2 said 201,000 [191,000–211,000] low: 238 of the 308 low valuations had an interval narrower
  // than ±6 %, though low means a median error over 8 %, so such an interval could not hold 80 % of the prices.
  it('gives a low (medium) valuation an interval that reaches past ±8 % (±5 %), for the price and the rent', () => {
    const bounds = model.uncertainty.confidenceThresholds
    const estimates = records.flatMap(({ valuation: v }) => [
      { figure: v.estimated_price, estimate: v as Estimate },
      { figure: v.rent.estimated_rent, estimate: v.rent as Estimate },
    ])
    const stated = estimates.filter((e) => e.figure !== null)
    expect(stated.filter((e) => e.estimate.confidence === 'low').length).toBeGreaterThan(100)
    for (const { figure, estimate } of stated) {
      if (estimate.confidence === 'high') continue
      const above = estimate.confidence === 'low' ? bounds.medium : bounds.high
      expect(reach(figure!, estimate), JSON.stringify(estimate)).toBeGreaterThan(above)
    }
    const europaplein = records.find(
      (r) => r.address.street === 'Europaplein' && r.address.number === '122-2',
    )!
    expect(europaplein.valuation.confidence).toBe('low')
    expect(reach(europaplein.valuation.estimated_price!, europaplein.valuation)).toBeGreaterThan(0.08)
  })

  it('values the rent with its own interval and class, and says why a home has a rent but no price', () => {
    const rented = records.filter((r) => r.valuation.estimated_rent !== null)
    expect(rented.length).toBeGreaterThan(400)
    for (const { valuation: v } of rented) {
      expect(v.rent.estimated_rent).toBe(v.estimated_rent)
      expect(v.rent.low).toBeLessThanOrEqual(v.estimated_rent!)
      expect(v.rent.high).toBeGreaterThanOrEqual(v.estimated_rent!)
      expect(v.rent).toMatchObject({
        interval_level: 0.8,
        confidence: expect.stringMatching(/^(high|medium|low)$/),
        confidence_reason: expect.any(String),
        method: 'hedonic-rentpm2-shrinkage-v1',
        no_estimate_reason: null,
      })
    }
    const rentOnly = rented.filter((r) => r.valuation.estimated_price === null)
    expect(rentOnly.length).toBeGreaterThan(0)
    for (const { address, valuation: v } of rentOnly)
      expect(v.no_estimate_reason).toMatch(
        `No sale listings in its city (${address.city}) or postcode area (${address.postcode}), and `,
      )
    for (const { valuation: v } of records.filter((r) => r.valuation.estimated_price !== null))
      expect(v.no_estimate_reason).toBeNull()
  })

  it('blends every WOZ value in: Oudegracht 10 B, Utrecht, is valued near its WOZ value, with its doubt', () => {
    const withWoz = records.filter((r) => r.building.woz_value !== null && r.valuation.method !== null)
    expect(withWoz.length).toBeGreaterThan(400)
    for (const { bag_id, valuation } of withWoz)
      expect(valuation.method, bag_id).toMatch(/\+woz$|^woz-indexed-v1$/)
    const oudegracht = records.find((r) => r.bag_id === '0344010001000855')!
    expect(oudegracht.building.woz_value).toBe(505_000)
    expect(oudegracht.valuation.method).toBe('hedonic-ppm2-shrinkage-v1+woz')
    expect(oudegracht.valuation.low).toBeLessThanOrEqual(505_000)
    expect(oudegracht.valuation.high).toBeGreaterThanOrEqual(505_000)
    expect(oudegracht.valuation.confidence).toBe('low')
  })
})
