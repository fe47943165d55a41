import { describe, expect, it } from 'vitest'
import { parseHouseNumber } from './parse-house-number.js'
import { toAddressKey } from './to-address-key.js'

describe('toAddressKey', () => {
  it('joins the postcode key and the house-number key', () => {
    expect(toAddressKey('1234 AB', parseHouseNumber('12A-1')!)).toBe('1234AB:12a-1')
  })

  it('is equal for every spelling of the same address', () => {
    const spellings: ReadonlyArray<readonly [string, string]> = [
      ['1234 AB', '22-II'],
      ['1234ab', '22 2'],
      [' 1234  AB', '22/2'],
      ['1234AB', '22 2e'],
    ]
    const keys = new Set(spellings.map(([pc, hn]) => toAddressKey(pc, parseHouseNumber(hn)!)))
    expect([...keys]).toEqual(['1234AB:22-2'])
  })
})
