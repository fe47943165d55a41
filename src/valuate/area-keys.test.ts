import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalisePostcode, postcodeKey } from '../normalise/index.js'
import { areaCity, areaGroups, areaPostcode, HIERARCHY, hierarchyKeys, validYear } from './area-keys.js'
import type { HomeFeatures } from './types.js'

describe('areaPostcode', () => {
  it('accepts any spacing and case, rejects the rest', () => {
    expect(areaPostcode('3511 gv')).toBe('3511GV')
    expect(areaPostcode(' 3511GV ')).toBe('3511GV')
    expect(areaPostcode('3511')).toBe('3511')
    expect(areaPostcode('0511 GV')).toBeNull()
    expect(areaPostcode('3511 G')).toBeNull()
    expect(areaPostcode('')).toBeNull()
    expect(areaPostcode(null)).toBeNull()
  })

  it('keeps letter pairs PostNL never issues, which normalisePostcode refuses', () => {
    expect(areaPostcode('1234 sa')).toBe('1234SA')
    expect(normalisePostcode('1234 sa')).toBeNull()
  })

  it('is the postcode key of every postcode normalisePostcode accepts', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\s?[0-9]{4}\s{0,2}[A-Za-z]{2}\s?$/), (s) => {
        const shown = normalisePostcode(s)
        if (shown !== null) expect(areaPostcode(s)).toBe(postcodeKey(shown))
      }),
    )
  })

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = areaPostcode(s)
        if (once !== null) expect(areaPostcode(once)).toBe(once)
      }),
    )
  })
})

describe('areaCity', () => {
  it('trims and lower-cases, and keeps names apart that cityKey joins', () => {
    expect(areaCity(' Den Haag ')).toBe('den haag')
    expect(areaCity("'s-Gravenhage")).toBe("'s-gravenhage")
    expect(areaCity('  ')).toBeNull()
    expect(areaCity(null)).toBeNull()
  })
})

describe('hierarchyKeys', () => {
  it('places a home at every level, building = pc6 + year + type', () => {
    expect(
      hierarchyKeys({
        postcode: '3511 gv',
        city: ' Utrecht ',
        surfaceArea: 90,
        yearBuilt: 1997,
        dwellingType: 'apartment',
      }),
    ).toEqual(['utrecht', '3511', '3511|a', '3511G', '3511G|a', '3511GV', '3511GV|1997|a'])
  })

  it('leaves levels empty where a feature is unknown', () => {
    expect(hierarchyKeys({ postcode: '3511', city: null, surfaceArea: 90 })).toEqual([
      null,
      '3511',
      null,
      null,
      null,
      null,
      null,
    ])
  })

  it('rejects implausible years', () => {
    expect(validYear(1997)).toBe(1997)
    expect(validYear(20016)).toBeNull()
    expect(validYear(19.5)).toBeNull()
    expect(validYear(undefined)).toBeNull()
  })
})

describe('areaGroups', () => {
  // Postcodes and places as listings spell them, with the same home written in several ways, and junk.
  const home = fc.record({
    postcode: fc.constantFrom(
      '3511 GV',
      '3511gv',
      ' 3511 GV',
      '3511GW',
      '3512 AB',
      '3511',
      '1011 AB',
      '0999 XX',
      '',
    ),
    city: fc.constantFrom('Utrecht', 'utrecht ', 'UTRECHT', 'Amsterdam', '', null),
    surfaceArea: fc.constant(80),
    yearBuilt: fc.constantFrom(1930, 2001, 0, 20016, null),
    dwellingType: fc.constantFrom('apartment' as const, 'house' as const, null),
  })

  it('groups homes at every level exactly as their keys do, numbered in order of first appearance', () => {
    fc.assert(
      fc.property(fc.array(home, { maxLength: 60 }), (homes: HomeFeatures[]) => {
        const levels = areaGroups(homes)
        HIERARCHY.forEach((_, li) => {
          const expected = new Map<string, number>()
          const groups = homes.map((h) => {
            const key = hierarchyKeys(h)[li]
            if (key === null || key === undefined) return -1
            if (!expected.has(key)) expected.set(key, expected.size)
            return expected.get(key)
          })
          expect([...levels[li]!.group]).toEqual(groups)
          expect(levels[li]!.keys).toEqual([...expected.keys()])
        })
      }),
    )
  })
})
