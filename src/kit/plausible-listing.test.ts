import { describe, expect, it } from 'vitest'
import { addDays, dutchDate } from './dutch-date.js'
import { LISTING_BOUNDS } from './listing-bounds.js'
import {
  areaOutOfBounds,
  implausibleValues,
  type ListingFacts,
  listedBeforeListingSites,
  listedInFuture,
  priceOutOfBounds,
  pricePerM2OutOfBounds,
} from './plausible-listing.js'

const RENTAL: ListingFacts = {
  type: 'rent',
  price: 1_500,
  surfaceArea: 60,
  dwellingType: 'apartment',
  listedAt: '2026-11-20',
}
const at = (iso: string) => new Date(iso)

describe('the date in the Netherlands', () => {
  it('follows Europe/Amsterdam’s rules, summer time included, not a fixed offset', () => {
    // 22:30 UTC is 00:30 the next day in summer (UTC+2), still 23:30 the same day in winter (UTC+1).
    expect(dutchDate(at('2026-10-24T22:30:00Z'))).toBe('2026-10-25')
    expect(dutchDate(at('2026-11-29T22:30:00Z'))).toBe('2026-11-29')
    // The night summer time ends: 00:30 UTC is 02:30 CEST; the night it begins, 23:30 UTC is 00:30 CET.
    expect(dutchDate(at('2026-10-25T00:30:00Z'))).toBe('2026-10-25')
    expect(dutchDate(at('2026-03-28T23:30:00Z'))).toBe('2026-03-29')
  })

  it('counts days on the calendar, over months and leap days', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  })
})

describe('a listing date', () => {
  it('up to tomorrow in the Netherlands is taken; a later one is refused with the date and the bound', () => {
    // 23:30 on 24 October in UTC is already 25 October in Amsterdam: tomorrow there is the 26th.
    const now = at('2026-10-24T23:30:00Z')
    expect(listedInFuture({ ...RENTAL, listedAt: '2026-10-26' }, now)).toBeNull()
    expect(listedInFuture({ ...RENTAL, listedAt: '2026-10-27' }, now)).toEqual({
      field: 'listedAt',
      message:
        '2026-10-27 is after tomorrow (2026-10-26 in the Netherlands): a home cannot have been offered on a day still to come',
    })
    // In winter the same UTC time is still the 24th there.
    expect(listedInFuture({ ...RENTAL, listedAt: '2026-12-26' }, at('2026-12-24T22:30:00Z'))).toMatchObject({
      field: 'listedAt',
    })
    expect(listedInFuture({ ...RENTAL, listedAt: '2099-01-01' }, at('2026-11-29T12:00:00Z'))).not.toBeNull()
    expect(listedInFuture({ ...RENTAL, listedAt: null }, at('2026-11-29T12:00:00Z'))).toBeNull()
  })

  it('before any Dutch listing site existed is refused', () => {
    expect(listedBeforeListingSites({ ...RENTAL, listedAt: '1999-12-31' })?.message).toBe(
      '1999-12-31 is before 2000-01-01, earlier than any Dutch listing site: a typo or a placeholder',
    )
    expect(listedBeforeListingSites({ ...RENTAL, listedAt: '2000-01-01' })).toBeNull()
  })
})

describe('the bounds of area, price and price per m²', () => {
  it('refuse a 100,000 m² rental at EUR 1,500, naming each field, its value and the bound', () => {
    const huge: ListingFacts = { ...RENTAL, surfaceArea: 100_000, dwellingType: null }
    expect(areaOutOfBounds(huge)?.message).toBe(
      '100,000 m² is above 5,000 m², the most taken for a home to rent of no stated kind',
    )
    expect(pricePerM2OutOfBounds(huge)?.message).toBe(
      'EUR 1,500 a month for 100,000 m²: EUR 0.02 per m² is below EUR 0.5 per m², the least taken for a home to rent of no stated kind',
    )
    expect(implausibleValues(huge, at('2026-11-29T12:00:00Z')).map((i) => i.field)).toEqual([
      'surfaceArea',
      'pricePerM2',
    ])
  })

  it('hold each offer and kind of home to its own bounds', () => {
    // A room may be small where a house may not; a rent may not be a sale price.
    expect(areaOutOfBounds({ ...RENTAL, surfaceArea: 6, dwellingType: 'room' })).toBeNull()
    expect(areaOutOfBounds({ ...RENTAL, surfaceArea: 6, dwellingType: 'house' })?.message).toBe(
      '6 m² is below 10 m², the least taken for a house to rent',
    )
    expect(priceOutOfBounds({ ...RENTAL, price: 95_000 })?.message).toBe(
      'EUR 95,000 a month is above EUR 50,000 a month, the most taken for an apartment to rent',
    )
    expect(priceOutOfBounds({ ...RENTAL, type: 'buy', price: 950 })?.message).toBe(
      'EUR 950 is below EUR 10,000, the least taken for an apartment for sale',
    )
    expect(
      pricePerM2OutOfBounds({
        type: 'buy',
        price: 2_000_000,
        surfaceArea: 40,
        dwellingType: 'other',
        listedAt: null,
      })?.message,
    ).toBe(
      'EUR 2,000,000 for 40 m²: EUR 50,000 per m² is above EUR 40,000 per m², the most taken for a home of another kind for sale',
    )
  })

  it('take the ends of each bound, and leave a value not given alone', () => {
    for (const type of ['rent', 'buy'] as const) {
      for (const [kind, bounds] of Object.entries(LISTING_BOUNDS[type])) {
        const dwellingType = kind === 'unknown' ? null : (kind as ListingFacts['dwellingType'])
        for (const surfaceArea of bounds.area) {
          expect(areaOutOfBounds({ type, price: null, surfaceArea, dwellingType, listedAt: null })).toBeNull()
        }
        for (const price of bounds.price) {
          expect(
            priceOutOfBounds({ type, price, surfaceArea: null, dwellingType, listedAt: null }),
          ).toBeNull()
        }
      }
    }
    expect(
      implausibleValues({ ...RENTAL, price: null, surfaceArea: null }, at('2026-11-29T12:00:00Z')),
    ).toEqual([])
  })

  it('are wider for a kind not stated than for any stated kind, so a listing is never refused for naming none', () => {
    for (const type of ['rent', 'buy'] as const) {
      const { unknown, ...kinds } = LISTING_BOUNDS[type]
      for (const bounds of Object.values(kinds)) {
        for (const key of ['area', 'price', 'pricePerM2'] as const) {
          expect(unknown[key][0]).toBeLessThanOrEqual(bounds[key][0])
          expect(unknown[key][1]).toBeGreaterThanOrEqual(bounds[key][1])
        }
      }
    }
  })
})
