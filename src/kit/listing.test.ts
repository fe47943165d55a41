import { describe, expect, it, vi } from 'vitest'
import { validateListing } from '../parse/index.js'
import type { ListingInput } from './listing.js'

const BASE: ListingInput = {
  sourceListingId: 'L-1',
  url: 'https://site.example/listing/1',
  type: 'rent',
  price: 1250,
  city: 'Delft',
}
const validate = (fields: Partial<ListingInput>) => validateListing({ ...BASE, ...fields }, BASE.url)

describe('the listing schema: a value missing is fine, a value present but malformed rejects the listing', () => {
  it.each<[Partial<ListingInput>, string]>([
    [{ postcode: 'NOPE' }, 'postcode: "NOPE" is not a Dutch postcode'],
    [{ postcode: '0123 AB' }, 'postcode: "0123 AB" is not a Dutch postcode'],
    [{ houseNumber: 'abc' }, 'houseNumber: "abc" is not a house number'],
    [{ surfaceArea: 'groot' }, 'surfaceArea: "groot" is not an area'],
    [{ rooms: 'veel' }, 'rooms: "veel" is not a number of rooms'],
    [{ energyLabel: 'Z' }, 'energyLabel: "Z" is not an energy label'],
    [{ yearBuilt: 'ooit' }, 'yearBuilt: "ooit" is not a year'],
    [{ listedAt: 'gisteren' }, 'listedAt: "gisteren" is not a date'],
    [{ listedAt: '2026-02-31' }, 'listedAt: "2026-02-31" is not a date'],
  ])('%j is rejected: %s', (fields, reason) => {
    const result = validate(fields)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.rejected.reason).toBe(reason)
  })

  it('takes a field left out, null, empty, or saying there is none ("Niet beschikbaar", "onbekend", "-") as absent', () => {
    for (const nothing of [
      undefined,
      null,
      '',
      '  ',
      'Niet beschikbaar',
      'onbekend',
      'Unknown',
      'n.v.t.',
      '-',
    ]) {
      const result = validate({
        postcode: nothing,
        houseNumber: nothing,
        surfaceArea: nothing,
        rooms: nothing,
        energyLabel: nothing,
        yearBuilt: nothing,
        listedAt: nothing,
      })
      expect(result, String(nothing)).toMatchObject({
        ok: true,
        listing: {
          postcode: null,
          houseNumber: null,
          surfaceArea: null,
          rooms: null,
          energyLabel: null,
          yearBuilt: null,
          listedAt: null,
        },
      })
    }
  })

  it('reads a value given as the text the site shows, and keeps postcode and house number as printed', () => {
    expect(
      validate({
        postcode: ' 2624be ',
        houseNumber: '12 A-1',
        surfaceArea: '65 m²',
        rooms: '3 kamers (2 slaapkamers)',
        energyLabel: 'Energielabel: a+',
        yearBuilt: '1906-1930',
        listedAt: '2026-09-18T13:18:54+02:00',
      }),
    ).toMatchObject({
      ok: true,
      listing: {
        postcode: '2624be',
        houseNumber: '12 A-1',
        surfaceArea: 65,
        rooms: 3,
        energyLabel: 'A+',
        yearBuilt: 1918,
        listedAt: '2026-09-18',
      },
    })
  })

  it('gives every listing date as yyyy-mm-dd, whatever form the site wrote it in', () => {
    for (const [given, date] of [
      ['2026-11-19', '2026-11-19'],
      ['2026-11-26T11:43:17.222Z', '2026-11-26'],
      ['21-10-2024', '2024-10-21'],
    ]) {
      expect(validate({ listedAt: given }), given).toMatchObject({ ok: true, listing: { listedAt: date } })
    }
  })
})

describe('a listing whose values are well formed but cannot be true is rejected with the field, value and bound', () => {
  it('refuses a listing date after tomorrow in the Netherlands, whatever the clock’s own zone', () => {
    vi.useFakeTimers({ now: new Date('2026-10-24T23:30:00Z'), toFake: ['Date'] })
    try {
      // Already 25 October in Amsterdam: the 26th is tomorrow there, the 27th is not.
      expect(validate({ listedAt: '2026-10-26' }).ok).toBe(true)
      expect(validate({ listedAt: '2099-01-01' })).toMatchObject({
        ok: false,
        rejected: {
          reason:
            'listedAt: 2099-01-01 is after tomorrow (2026-10-26 in the Netherlands): a home cannot have been offered on a day still to come',
        },
      })
      expect(validate({ listedAt: '27-10-2026' }).ok).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses a 100,000 m² rental at EUR 1,500 for both its area and its price per m²', () => {
    expect(validate({ price: 1_500, surfaceArea: 100_000 })).toMatchObject({
      ok: false,
      rejected: {
        reason:
          'surfaceArea: 100,000 m² is above 5,000 m², the most taken for a home to rent of no stated kind; pricePerM2: EUR 1,500 a month for 100,000 m²: EUR 0.02 per m² is below EUR 0.5 per m², the least taken for a home to rent of no stated kind',
      },
    })
  })
})

describe('a reject gives its reason in words an operator can act on, never zod’s own', () => {
  it.each<[Record<string, unknown>, string]>([
    [{ city: '' }, 'city: missing'],
    [{ city: undefined }, 'city: missing'],
    [{ sourceListingId: '  ' }, 'sourceListingId: missing'],
    [{ url: 'not-a-url' }, 'url: "not-a-url" is not a web address (http or https)'],
    [{ type: 'lease' }, 'type: "lease" is not one of rent, buy'],
    [{ price: -5 }, 'price: -5 must be more than 0'],
    [{ street: 'x'.repeat(201) }, 'street: must be at most 200 characters'],
    [{ priceOnRequest: 'yes' }, 'priceOnRequest: "yes" is not true or false'],
  ])('%j: %s', (fields, reason) => {
    const result = validateListing({ ...BASE, ...fields }, BASE.url)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.rejected.reason).toBe(reason)
  })
})
