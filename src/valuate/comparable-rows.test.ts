import { describe, expect, it } from 'vitest'
import { parseComparables } from './comparable-rows.js'

const row = (id: number) => [
  id,
  300_000,
  80,
  '3511 GV',
  'Utrecht',
  '2026-10-01',
  1930,
  'C',
  'house',
  null,
  null,
]

describe('parseComparables', () => {
  it('gives the comparables by listing id, whatever order the rows came in', () => {
    const ids = [3, 10, 2, 7]
    const parsed = parseComparables(JSON.stringify(ids.map(row)))
    expect(parsed.map((c) => c.id)).toEqual(['2', '3', '7', '10'])
    expect(parsed[0]).toEqual({
      id: '2',
      price: 300_000,
      surfaceArea: 80,
      postcode: '3511 GV',
      city: 'Utrecht',
      listedAt: '2026-10-01',
      yearBuilt: 1930,
      energyLabel: 'C',
      dwellingType: 'house',
      wozValue: null,
      wozReferenceDate: null,
    })
  })
})
