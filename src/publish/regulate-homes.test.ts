import { describe, expect, it } from 'vitest'
import { toRentRegulationJson } from '../wws/index.js'
import { regulationOf, wwsFactsOf } from './regulate-homes.js'

/** A dwelling of 70 m² in Utrecht with nothing else known. */
const ROW = {
  bag_id: '0344010000000001',
  use_purpose: 'woonfunctie',
  dwelling_type: 'apartment',
  year_built: 1990,
  oppervlakte: 70,
  woonplaats_code: '3295',
  label: null,
  recorded_at: null,
  valid_until: null,
  label_lookup: null,
  woz_json: '[]',
  woz_lookup: null,
  rooms_json: '[]',
}

describe('the WWS facts of a Golden Record', () => {
  it('are none for a home that is not a dwelling', () => {
    expect(wwsFactsOf({ ...ROW, use_purpose: 'kantoorfunctie' }, true)).toBeNull()
  })

  it('take the BAG usable area, build year, woonplaats and the kind of home', () => {
    expect(wwsFactsOf(ROW, false)!.facts).toEqual({
      dwelling: 'multi-family',
      buildYear: 1990,
      woonplaatsCode: '3295',
      area: { usableM2: 70 },
    })
    expect(wwsFactsOf({ ...ROW, dwelling_type: 'room' }, false)!.facts.dwelling).toBeUndefined()
  })

  it('count a label recorded since 2021 as a final NTA 8800 registration', () => {
    const found = wwsFactsOf(
      { ...ROW, label: 'B', recorded_at: '2022-03-01', valid_until: '2032-03-01' },
      false,
    )!
    expect(found.facts.energy).toEqual([
      { kind: 'NTA8800', status: 'final', validFrom: '2022-03-01', validUntil: '2032-03-01', label: 'B' },
    ])
    expect(found.olderLabel).toBeNull()
  })

  it('leave an older label apart: its kind is not kept, so the points span it counting and not', () => {
    const found = wwsFactsOf(
      { ...ROW, label: 'A', recorded_at: '2018-03-01', valid_until: '2028-03-01' },
      false,
    )!
    expect(found.facts.energy).toEqual([])
    expect(found.olderLabel).toMatchObject({ label: 'A', validFrom: '2018-03-01' })
    const json = toRentRegulationJson(regulationOf(found, '2026-07-01'))
    expect(json.energy_points).toBeNull()
    expect(json.missing).toContain('energy')
    const labelOnly = toRentRegulationJson(
      regulationOf(
        { facts: { ...found.facts, energy: [found.olderLabel!] }, olderLabel: null },
        '2026-07-01',
      ),
    )
    const buildYearOnly = toRentRegulationJson(regulationOf({ ...found, olderLabel: null }, '2026-07-01'))
    expect(json.points!.low).toBe(Math.min(labelOnly.points!.low, buildYearOnly.points!.low))
    expect(json.points!.high).toBe(Math.max(labelOnly.points!.high!, buildYearOnly.points!.high!))
  })

  it('know there is no label only when EP-Online was imported or asked', () => {
    expect(wwsFactsOf(ROW, false)!.facts.energy).toBeUndefined()
    expect(wwsFactsOf(ROW, true)!.facts.energy).toEqual([])
    expect(wwsFactsOf({ ...ROW, label_lookup: 'none' }, false)!.facts.energy).toEqual([])
    // A label without its dates may or may not count.
    expect(wwsFactsOf({ ...ROW, label: 'C' }, true)!.facts.energy).toBeUndefined()
  })

  it('take every WOZ value, and know there is none only when the register said so', () => {
    const woz = '[["2024-01-01",250000],["2025-01-01",270000]]'
    expect(wwsFactsOf({ ...ROW, woz_json: woz }, false)!.facts.woz).toEqual([
      { referenceDate: '2024-01-01', value: 250_000 },
      { referenceDate: '2025-01-01', value: 270_000 },
    ])
    expect(wwsFactsOf(ROW, false)!.facts.woz).toBeUndefined()
    expect(wwsFactsOf({ ...ROW, woz_lookup: 'none' }, false)!.facts.woz).toEqual([])
  })

  it("take the listings' room count only when they agree", () => {
    expect(wwsFactsOf({ ...ROW, rooms_json: '[3]' }, false)!.facts.listing).toEqual({ rooms: 3 })
    expect(wwsFactsOf({ ...ROW, rooms_json: '[3,4]' }, false)!.facts.listing).toBeUndefined()
  })
})
