import BetterSqlite3 from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { evidenceOf, type ValuationPath } from '../../src/valuate/earned-confidence.js'
import type { AreaLevel, ValuationModel } from '../../src/valuate/types.js'
import { useServedSample } from '../helpers/served-sample.js'

const sample = useServedSample()

interface Property {
  bag_id: string
  building: { woz_value: number | null; surface_area: number | null }
  valuation: {
    estimated_price: number | null
    confidence: 'high' | 'medium' | 'low' | null
    confidence_reason: string | null
    low: number | null
    high: number | null
    method: string | null
    comparables: { n: number; level: AreaLevel } | null
  }
}

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
