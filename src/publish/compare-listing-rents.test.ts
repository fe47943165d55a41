import { describe, expect, it } from 'vitest'
import { legalRentOf } from './compare-listing-rents.js'

/** A home whose points lie in the social sector: a maximum of EUR 600–900. */
const SOCIAL = JSON.stringify({
  points: { low: 100, high: 140 },
  sector: { low: 'social', high: 'social' },
  max_rent: { low: 600, high: 900 },
})
/** A home whose points may reach the free sector. */
const MAYBE_FREE = JSON.stringify({
  points: { low: 100, high: 200 },
  sector: { low: 'social', high: 'free' },
  max_rent: { low: 600, high: null },
})
const rental = (price: number | null, regulation: string | null = SOCIAL) => ({
  price,
  dwelling_type: 'apartment',
  bag_id: '0344010000000001',
  rent_regulation_json: regulation,
})

describe("a rental's asked rent against the law", () => {
  it('is above the maximum only above its high end, within it at or below its low end', () => {
    expect(legalRentOf(rental(950))).toEqual({ low: 600, high: 900, above: 1, reason: null })
    expect(legalRentOf(rental(600))).toEqual({ low: 600, high: 900, above: 0, reason: null })
    expect(legalRentOf(rental(750))).toEqual({ low: 600, high: 900, above: null, reason: 'between-ends' })
  })

  it('is not known above the low end when the free sector is reachable', () => {
    expect(legalRentOf(rental(2000, MAYBE_FREE))).toEqual({
      low: 600,
      high: null,
      above: null,
      reason: 'free-sector-possible',
    })
  })

  it('says why there is no answer: a room, no home, not a dwelling, no asked rent', () => {
    expect(legalRentOf({ ...rental(950), dwelling_type: 'room' }).reason).toBe('not-self-contained')
    expect(legalRentOf({ ...rental(950), bag_id: null })).toEqual({
      low: null,
      high: null,
      above: null,
      reason: 'unresolved',
    })
    expect(legalRentOf(rental(950, null)).reason).toBe('not-a-dwelling')
    expect(legalRentOf(rental(null))).toEqual({ low: 600, high: 900, above: null, reason: 'no-asked-rent' })
    expect(legalRentOf(rental(950, JSON.stringify({ sector: null, max_rent: null }))).reason).toBe(
      'no-maximum',
    )
  })
})
