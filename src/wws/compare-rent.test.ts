import { describe, expect, it } from 'vitest'
import { compareAskedRent } from './compare-rent.js'
import type { WwsResult } from './regulation.js'

/** 143 to 186 points. */
const regulated: Pick<WwsResult, 'maxRent' | 'sector'> = {
  maxRent: { low: 93293, high: 122807 },
  sector: { low: 'social', high: 'middle' },
}

describe('comparing an asked rent with the legal maximum', () => {
  it('is true only above the high end, false within the low end, else null', () => {
    expect(compareAskedRent(regulated, { amount: 1228.08 })).toEqual({ aboveLegalMax: true, reason: null })
    expect(compareAskedRent(regulated, { amount: 1228.07 })).toEqual({
      aboveLegalMax: null,
      reason: 'between-ends',
    })
    expect(compareAskedRent(regulated, { amount: 932.93 })).toEqual({ aboveLegalMax: false, reason: null })
  })

  it('compares the bare rent when the listing gives it, and nothing when its rent includes costs without it', () => {
    const furnished = { amount: 1500, includes: { furnishing: true } }
    expect(compareAskedRent(regulated, furnished)).toEqual({ aboveLegalMax: null, reason: 'includes-costs' })
    expect(compareAskedRent(regulated, { ...furnished, bare: 900 })).toEqual({
      aboveLegalMax: false,
      reason: null,
    })
    expect(
      compareAskedRent(regulated, { amount: 1300, includes: { serviceCosts: false } }).aboveLegalMax,
    ).toBe(true)
  })

  it('says nothing for a room in a shared house, or without a maximum', () => {
    expect(compareAskedRent(regulated, { amount: 2000, selfContained: false }).reason).toBe(
      'not-self-contained',
    )
    expect(compareAskedRent({ maxRent: null, sector: null }, { amount: 2000 }).reason).toBe('no-maximum')
  })

  it('is never true when the free sector is reachable, and false when the whole range is free', () => {
    const reachable = {
      maxRent: { low: 93293, high: null },
      sector: { low: 'social', high: 'free' },
    } as const
    expect(compareAskedRent(reachable, { amount: 5000 })).toEqual({
      aboveLegalMax: null,
      reason: 'free-sector-possible',
    })
    const free = { maxRent: { low: 137224, high: null }, sector: { low: 'free', high: 'free' } } as const
    expect(compareAskedRent(free, { amount: 5000 })).toEqual({ aboveLegalMax: false, reason: null })
  })
})
