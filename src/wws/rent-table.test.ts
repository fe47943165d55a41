import { describe, expect, it } from 'vitest'
import { WwsDateError } from './dated.js'
import { maxRentCents, maxRentTable, withSurcharge } from './rent-table.js'
import { sectorBands, sectorOf } from './sector.js'

const table = maxRentTable('2026-07-01')

describe('the maximum-rent table', () => {
  it('is the table of 1 January 2026, and none exists before it', () => {
    expect(maxRentTable('2026-01-01')).toBe(table)
    expect(() => maxRentTable('2025-12-31')).toThrow(WwsDateError)
    expect(() => maxRentTable('2025-12-31')).toThrow(
      'no maximum-rent table in force on 2025-12-31: the earliest starts 2026-01-01',
    )
  })

  it('gives each whole-point total its amount, and the amount at 40 below 40', () => {
    expect(maxRentCents(40, table)).toBe(25026)
    expect(maxRentCents(39, table)).toBe(25026)
    expect(maxRentCents(-3, table)).toBe(25026)
    expect(maxRentCents(143, table)).toBe(93293)
    expect(maxRentCents(170, table)).toBe(111823)
    expect(maxRentCents(186, table)).toBe(122807)
    expect(maxRentCents(250, table)).toBe(166740)
  })

  it('adds the step from 249 to 250 for every point above 250 (the policy book’s 255 points: EUR 1,701.70)', () => {
    expect(maxRentCents(251, table)).toBe(166740 + 686)
    expect(maxRentCents(255, table)).toBe(170170)
  })

  it('raises a maximum by a surcharge rounded to cents', () => {
    expect(withSurcharge(111823, 1000)).toBe(123005) // 1,118.23 + 111.823 → 111.82
    expect(withSurcharge(111823, 3500)).toBe(150961) // + 391.3805 → 391.38
    expect(withSurcharge(111823, 0)).toBe(111823)
  })
})

describe('the sectors', () => {
  it('are social up to 143 points, middle 144–186, free from 187', () => {
    const bands = sectorBands('2026-07-01')
    expect(sectorOf(143, bands)).toBe('social')
    expect(sectorOf(144, bands)).toBe('middle')
    expect(sectorOf(186, bands)).toBe('middle')
    expect(sectorOf(187, bands)).toBe('free')
    expect(sectorOf(Number.POSITIVE_INFINITY, bands)).toBe('free')
    expect(() => sectorBands('2024-06-30')).toThrow(WwsDateError)
  })
})
