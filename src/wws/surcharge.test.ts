import { describe, expect, it } from 'vitest'
import { surchargeRange } from './surcharge.js'

describe('the surcharge on the maximum rent', () => {
  it('is 15–35 % for a monument (its register is not among the facts), 0 for none built from 1965', () => {
    expect(surchargeRange({ monument: true, buildYear: 1900 })).toMatchObject({
      low: 1500,
      high: 3500,
      missing: [],
    })
    expect(surchargeRange({ monument: false, buildYear: 1965 })).toMatchObject({
      low: 0,
      high: 0,
      missing: [],
    })
  })

  it('is 5 % for a pre-1965 home in a protected townscape that is no monument, 0–5 % when that is unknown', () => {
    expect(surchargeRange({ monument: false, buildYear: 1964, protectedTownscape: true })).toMatchObject({
      low: 500,
      high: 500,
    })
    expect(surchargeRange({ monument: false, buildYear: 1964, protectedTownscape: false }).high).toBe(0)
    expect(surchargeRange({ monument: false, buildYear: 1964 })).toMatchObject({
      low: 0,
      high: 500,
      missing: ['protected_townscape'],
    })
  })

  it('leaves 0–35 % open when the monument status is unknown', () => {
    expect(surchargeRange({ buildYear: 1990 })).toMatchObject({ low: 0, high: 3500, missing: ['monument'] })
  })

  it('allows the new-build 10 % for a home built from 2024, or of unknown year', () => {
    expect(surchargeRange({ monument: false, buildYear: 2024 }).newBuildPossible).toBe(true)
    expect(surchargeRange({ monument: false, buildYear: 2023 }).newBuildPossible).toBe(false)
    expect(surchargeRange({ monument: false }).newBuildPossible).toBe(true)
  })

  it('takes a stated surcharge as is, and none when the last group’s points are supplied', () => {
    expect(surchargeRange({ surchargePct: 12.5 })).toMatchObject({
      low: 1250,
      high: 1250,
      newBuildPossible: false,
    })
    expect(surchargeRange({ monument: true, points: { monumentNewbuild: 50 } })).toMatchObject({
      low: 0,
      high: 0,
    })
  })
})
