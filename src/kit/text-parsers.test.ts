import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ENERGY_LABELS,
  type ParsedPrice,
  parseArea,
  parseEnergyLabel,
  parseEuro,
  parsePrice,
  parseRooms,
  parseYearBuilt,
} from './text-parsers.js'

const none: ParsedPrice = {
  amount: null,
  onRequest: false,
  period: null,
  condition: null,
  isRange: false,
  serviceCosts: null,
}

describe('parsePrice', () => {
  it.each<[string, Partial<ParsedPrice>]>([
    ['€1,900 per month', { amount: 1900, period: 'month' }],
    ['€ 1.250 /mnd', { amount: 1250, period: 'month' }],
    ['€ 450.000 k.k.', { amount: 450000, condition: 'k.k.' }],
    ['€ 425.000 v.o.n.', { amount: 425000, condition: 'v.o.n.' }],
    ['€ 1.250,- per maand excl.', { amount: 1250, period: 'month', serviceCosts: 'excluded' }],
    ['€ 2.995 p.m.', { amount: 2995, period: 'month' }],
    ['1240.00', { amount: 1240 }],
    ['€ 1.234,56', { amount: 1234.56 }],
    ['€ 12.000 per jaar', { amount: 12000, period: 'year' }],
    ['€ 1.100 - 1.300 per month', { amount: 1100, isRange: true, period: 'month' }],
    ['€ 1.075 - 1.775 per month', { amount: 1075, isRange: true, period: 'month' }],
    ['€ 1.250,- tot € 1.500,- per maand', { amount: 1250, isRange: true, period: 'month' }],
    ['€\u00a01.250\u202fp.m.', { amount: 1250, period: 'month' }],
    ['€ 1.850 per maand inclusief', { amount: 1850, period: 'month', serviceCosts: 'included' }],
    ['€ 1.850 /month Includes: gas, water', { amount: 1850, period: 'month', serviceCosts: 'included' }],
    [
      '€ 1.850 per month exclusief servicekosten',
      { amount: 1850, period: 'month', serviceCosts: 'excluded' },
    ],
    ['€ 375.000 kosten koper', { amount: 375000, condition: 'k.k.' }],
    ['€ 375.000 vrij op naam', { amount: 375000, condition: 'v.o.n.' }],
    ['Vraagprijs € 389.000 k.k.', { amount: 389000, condition: 'k.k.' }],
    ['1.250 EUR per maand', { amount: 1250, period: 'month' }],
    ['EUR 995', { amount: 995 }],
    ['450000', { amount: 450000 }],
    ['Prijs op aanvraag', { onRequest: true }],
    ['Price on request', { onRequest: true }],
    ['Huurprijs op aanvraag', { onRequest: true }],
    ['n.o.t.k.', { onRequest: true }],
    ['€ 1.500 n.o.t.k.', { amount: 1500, onRequest: true }],
    ['', {}],
    ['   ', {}],
  ])('parses %j', (text, expected) => {
    expect(parsePrice(text)).toEqual({ ...none, ...expected })
  })

  it('handles null and undefined', () => {
    expect(parsePrice(null)).toEqual(none)
    expect(parsePrice(undefined)).toEqual(none)
  })

  it.each([
    ['€ 1.250', 1250],
    ['€ 1,5', 1.5],
    ['€ 1.234.567', 1234567],
    ['€ 1,234.56', 1234.56],
    ['€ 1.2345', 1.2345],
    ['€ 99', 99],
    ['Prijs op aanvraag', null],
    [null, null],
  ])('parseEuro(%j) is %j', (text, amount) => {
    expect(parseEuro(text)).toBe(amount)
  })
})

describe('parseArea', () => {
  it.each([
    ['65 m²', 65],
    ['41 m2', 41],
    ['60 - 120 ㎡', 60],
    ['52 vierkante meter', 52],
    ['52', 52],
    ['65,5 m²', 65.5],
    ['1.250 m²', 1250],
    ['Woonoppervlakte 88 m²', 88],
    ['0,5 ha', 5000],
    ['0 m²', null],
    ['onbekend', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('parseArea(%j) is %j', (text, area) => {
    expect(parseArea(text)).toBe(area)
  })
})

describe('parseYearBuilt', () => {
  const nextYearPlusFive = new Date().getFullYear() + 6
  it.each([
    ['1997', 1997],
    ['1906-1930', 1918],
    ['1931-1944', 1937],
    ['2011-2020', 2015],
    ['1906 – 1930', 1918],
    ['voor 1906', 1905],
    ['Before 1906', 1905],
    ['na 2001', 2002],
    ['Bouwjaar: ca. 1930', 1930],
    [String(nextYearPlusFive), nextYearPlusFive],
    [String(nextYearPlusFive + 1), null],
    ['0999', null],
    ['1930-1906', null],
    ['12345', null],
    ['onbekend', null],
    ['', null],
    [null, null],
  ])('parseYearBuilt(%j) is %j', (text, year) => {
    expect(parseYearBuilt(text)).toBe(year)
  })
})

describe('parseEnergyLabel', () => {
  it.each(ENERGY_LABELS.map((label) => [label]))('reads %j in any case', (label) => {
    expect(parseEnergyLabel(label)).toBe(label)
    expect(parseEnergyLabel(label.toLowerCase())).toBe(label)
  })

  it.each([
    ['a++', 'A++'],
    ['C Wat betekent dit?', 'C'],
    ['B\nWat betekent dit?', 'B'],
    ['Energielabel: D', 'D'],
    ['energy label E', 'E'],
    ['  g  ', 'G'],
    ['A (voorlopig)', 'A'],
    ['unknown', null],
    ['Niet beschikbaar', null],
    ['Onbekend', null],
    ['A++++++', null],
    ['B+', null],
    ['A1', null],
    ['H', null],
    ['', null],
    [null, null],
  ])('parseEnergyLabel(%j) is %j', (text, label) => {
    expect(parseEnergyLabel(text)).toBe(label)
  })
})

describe('parseRooms', () => {
  it.each([
    ['3 kamers (2 slaapkamers)', 3, 2],
    ['3 rooms (2 bedrooms)', 3, 2],
    ['2 rooms', 2, null],
    ['1 room', 1, null],
    ['4', 4, null],
    ['3 (2 slaapkamers)', 3, 2],
    ['2 slaapkamers', null, 2],
    ['1 kamer', 1, null],
    ['0 kamers', null, null],
    ['Studio', null, null],
    ['', null, null],
    [null, null, null],
  ])('parseRooms(%j) is %j rooms, %j bedrooms', (text, rooms, bedrooms) => {
    expect(parseRooms(text)).toEqual({ rooms, bedrooms })
  })
})

describe('golden: Pararius rentals October 2024 (2,112 listings)', () => {
  const rows: Record<string, string>[] = parse(
    readFileSync(
      new URL('../../data/evaldata/pararius-rent-2024/pararius_listings20102024.csv', import.meta.url),
    ),
    { columns: true },
  )

  /*
   * Counts as of writing: 2,112 rows. Huurprijs: 1,880 parse to a positive monthly amount (one is the range
   * "€ 1.075 - 1.775 per month"), 6 are "Price on request" and 226 are empty. m2: 2,110 positive areas (one is
   * the range "45 - 131 ㎡") and 2 empty. Energie label: 1,529 labels, 583 empty.
   */
  it('parses every Huurprijs, m2 and Energie label', () => {
    const counts = {
      prices: 0,
      onRequest: 0,
      emptyPrice: 0,
      areas: 0,
      emptyArea: 0,
      labels: 0,
      emptyLabel: 0,
    }
    for (const row of rows) {
      const price = parsePrice(row['Huurprijs'])
      if (row['Huurprijs'] === '') counts.emptyPrice++
      else if (price.onRequest) counts.onRequest++
      else {
        expect(price.amount, row['Huurprijs']).toBeGreaterThan(0)
        expect(price.period, row['Huurprijs']).toBe('month')
        counts.prices++
      }
      const area = parseArea(row['m2'])
      if (row['m2'] === '') counts.emptyArea++
      else {
        expect(area, row['m2']).toBeGreaterThan(0)
        counts.areas++
      }
      const label = parseEnergyLabel(row['Energie label'])
      if (row['Energie label'] === '') counts.emptyLabel++
      else {
        expect(label, row['Energie label']).toBe(row['Energie label'])
        counts.labels++
      }
    }
    expect(rows).toHaveLength(2112)
    expect(counts).toEqual({
      prices: 1880,
      onRequest: 6,
      emptyPrice: 226,
      areas: 2110,
      emptyArea: 2,
      labels: 1529,
      emptyLabel: 583,
    })
  })

  it('parses every non-empty Bouwjaar and Kamers', () => {
    for (const row of rows) {
      if (row['Bouwjaar']) expect(parseYearBuilt(row['Bouwjaar']), row['Bouwjaar']).not.toBeNull()
      if (row['Kamers']) expect(parseRooms(row['Kamers']).rooms, row['Kamers']).toBeGreaterThan(0)
    }
  })
})

describe('text parsers never throw', () => {
  const anyText = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string({ unit: fc.constantFrom(...'0123456789.,- €+/ampkmnrhoa²'.split('')), maxLength: 30 }),
  )

  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const price = parsePrice(text)
        if (price.amount !== null) expect(Number.isFinite(price.amount) && price.amount >= 0).toBe(true)
        const area = parseArea(text)
        if (area !== null) expect(area).toBeGreaterThan(0)
        const year = parseYearBuilt(text)
        if (year !== null) expect(Number.isInteger(year)).toBe(true)
        const label = parseEnergyLabel(text)
        if (label !== null) expect(ENERGY_LABELS).toContain(label)
        const { rooms, bedrooms } = parseRooms(text)
        if (rooms !== null) expect(Number.isInteger(rooms)).toBe(true)
        if (bedrooms !== null) expect(Number.isInteger(bedrooms)).toBe(true)
      }),
      { numRuns: 3000 },
    )
  })

  it('on 1 MB strings, quickly', () => {
    const started = performance.now()
    for (const text of ['€'.padEnd(1_000_000, '1.'), '9'.repeat(1_000_000), 'a+'.repeat(500_000)]) {
      parsePrice(text)
      parseArea(text)
      parseYearBuilt(text)
      parseEnergyLabel(text)
      parseRooms(text)
    }
    expect(performance.now() - started).toBeLessThan(250)
  })
})
