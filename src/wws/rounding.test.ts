import { describe, expect, it } from 'vitest'
import { divideRounded, toHundredths, toQuarter, toWhole } from './rounding.js'

describe('rounding in integers', () => {
  it('rounds halves away from zero, as Python’s ROUND_HALF_UP does', () => {
    expect(divideRounded(5, 2)).toBe(3)
    expect(divideRounded(-5, 2)).toBe(-3)
    expect(divideRounded(4, 3)).toBe(1)
    expect(divideRounded(300_000_00, 16954)).toBe(1769) // 17.6949… to two decimals
  })

  it('rounds a group to quarter points from an eighth up: 0.13 becomes 0.25, 4.81 becomes 4.75', () => {
    expect(toQuarter(12)).toBe(0)
    expect(toQuarter(13)).toBe(25)
    expect(toQuarter(481)).toBe(475)
    expect(toQuarter(3635)).toBe(3625) // the policy book's 36.35 → 36.25
    expect(toQuarter(3638)).toBe(3650)
    expect(toQuarter(-13)).toBe(-25)
  })

  it('rounds a total to whole points from a half up', () => {
    expect(toWhole(16950)).toBe(170)
    expect(toWhole(16949)).toBe(169)
    expect(toWhole(-50)).toBe(-1)
  })

  it('reads a decimal as written, whatever binary floating point made of it', () => {
    expect(toHundredths(0.35)).toBe(35)
    expect(toHundredths(36.35)).toBe(3635)
    expect(toHundredths(12.345)).toBe(1235)
    expect(toHundredths(60.05)).toBe(6005)
    expect(toHundredths(-4)).toBe(-400)
  })
})
