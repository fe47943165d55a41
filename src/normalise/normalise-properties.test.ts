import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  cityKey,
  normaliseCity,
  normalisePostcode,
  normaliseStreet,
  parseHouseNumber,
  postcodeKey,
  splitStreetAddress,
  streetKey,
} from './index.js'

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X']
const romanOf = (n: number): string =>
  'X'.repeat(Math.floor(n / 10)) + (n % 10 === 0 ? '' : ROMAN[(n % 10) - 1])

/** Any text: printable ASCII, any code point (lone surrogates included), and grapheme clusters. */
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }))

/** Text built from the characters addresses are made of, so the interesting branches are hit often. */
const addressish = fc
  .array(fc.constantFrom(..."0123456789 -/.+(abehilrsvxABEHILSVX'’()ZHN".split('')), { maxLength: 24 })
  .map((chars) => chars.join(''))

const randomCase = (text: string, upper: boolean): string => (upper ? text.toUpperCase() : text.toLowerCase())

/** A house number as BAG parts plus the many ways sites print it. */
const printedHouseNumber = fc.record({
  huisnummer: fc.integer({ min: 1, max: 99_999 }),
  letter: fc.option(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')), { nil: null }),
  addition: fc.option(
    fc.oneof(
      fc.integer({ min: 1, max: 9999 }).map((n) => ({ kind: 'floor' as const, text: String(n) })),
      fc.integer({ min: 1, max: 20 }).map((n) => ({ kind: 'roman' as const, text: romanOf(n) })),
      fc
        .constantFrom('hs', 'huis', 'h', 'bis', 'rood', 'bg', 'bgg', 'boven', 'sous', 'bel', 'pp', 'ah')
        .map((text) => ({ kind: 'word' as const, text })),
    ),
    { nil: null },
  ),
})

const printStyle = fc.record({
  letterSeparator: fc.constantFrom('', ' ', '-', '  '),
  additionSeparator: fc.constantFrom(' ', '-', '/', '  ', ' - '),
  floorSuffix: fc.constantFrom('', 'e', 'de', 'hg', '-hoog', ' hoog', ' verdieping'),
  upper: fc.boolean(),
  padding: fc.constantFrom('', ' ', '\u00a0'),
})

type Printed = typeof printedHouseNumber extends fc.Arbitrary<infer T> ? T : never
type Style = typeof printStyle extends fc.Arbitrary<infer T> ? T : never

function print(p: Printed, s: Style): string {
  let out = String(p.huisnummer)
  if (p.letter !== null) out += s.letterSeparator + randomCase(p.letter, s.upper)
  if (p.addition !== null) {
    out += s.additionSeparator + randomCase(p.addition.text, s.upper)
    if (p.addition.kind === 'floor') out += s.floorSuffix
  }
  return s.padding + out + s.padding
}

describe('parseHouseNumber properties', () => {
  it('re-parsing the display gives the same key and first candidate', () => {
    fc.assert(
      fc.property(printedHouseNumber, printStyle, (p, s) => {
        const parsed = parseHouseNumber(print(p, s))
        expect(parsed).not.toBeNull()
        expect(parsed!.huisnummer).toBe(p.huisnummer)
        const again = parseHouseNumber(parsed!.display)
        expect(again?.key).toBe(parsed!.key)
        expect(again?.candidates[0]).toEqual(parsed!.candidates[0])
      }),
      { numRuns: 2000 },
    )
  })

  it('gives every print style of the same parts the same key', () => {
    fc.assert(
      fc.property(printedHouseNumber, printStyle, printStyle, (p, a, b) => {
        expect(parseHouseNumber(print(p, a))?.key).toBe(parseHouseNumber(print(p, b))?.key)
      }),
      { numRuns: 2000 },
    )
  })

  it('never throws, and every candidate obeys BAG rules', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, addressish), (raw) => {
        const parsed = parseHouseNumber(raw)
        if (parsed === null) return
        expect(parsed.candidates.length).toBeGreaterThan(0)
        expect(parsed.huisnummer).toBeGreaterThanOrEqual(1)
        expect(parsed.huisnummer).toBeLessThanOrEqual(99_999)
        for (const c of parsed.candidates) {
          expect(c.huisnummer).toBe(parsed.huisnummer)
          if (c.huisletter !== null) expect(c.huisletter).toMatch(/^[A-Z]$/)
          if (c.toevoeging !== null) expect(c.toevoeging).toMatch(/^[0-9A-Z]{1,4}$/)
        }
      }),
      { numRuns: 3000 },
    )
  })
})

const postcodeish = fc
  .tuple(
    fc.integer({ min: 0, max: 9999 }),
    fc.constantFrom('', ' ', '  ', '\u00a0'),
    fc.string({ unit: fc.constantFrom(...'ABSDZabsdz1'.split('')), minLength: 0, maxLength: 3 }),
  )
  .map(([n, space, letters]) => String(n).padStart(4, '0') + space + letters)

const cityish = fc
  .tuple(
    fc.constantFrom('', "'s-", 's-', "'S ", 'S-', '’s ', "'t "),
    fc.constantFrom(
      'Gravenhage',
      'DEN HAAG',
      'alphen a/d rijn',
      'IJmuiden',
      'ß',
      'hendrik-ido-ambacht',
      '(zh)',
    ),
    fc.constantFrom('', ' (ZH)', ' (N.H.)', ' (Gld) (L)', ' (Centrum)', ')', ' '),
  )
  .map((parts) => parts.join(''))

describe('idempotence: normalising twice changes nothing', () => {
  it('normalisePostcode', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, postcodeish), (raw) => {
        const once = normalisePostcode(raw)
        expect(normalisePostcode(once)).toBe(once)
        if (once !== null) expect(postcodeKey(once)).toBe(once.replace(' ', ''))
      }),
      { numRuns: 2000 },
    )
  })

  it('cityKey', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, cityish, addressish), (raw) => {
        const once = cityKey(raw)
        expect(cityKey(once)).toBe(once)
      }),
      { numRuns: 2000 },
    )
  })

  it('normaliseCity', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, cityish, addressish), (raw) => {
        const once = normaliseCity(raw)
        expect(normaliseCity(once)).toBe(once)
        expect(cityKey(once)).toBe(cityKey(raw))
      }),
      { numRuns: 2000 },
    )
  })

  it('streetKey and normaliseStreet', () => {
    const streetish = fc
      .tuple(
        fc.constantFrom('', 'Burg. ', 'St ', 'Kon. ', 'Pr. ', 'v. ', 'Tweede ', '2e ', "'s-"),
        fc.constantFrom(
          'Kerkstr',
          'de Monchypl',
          'Churchill-ln',
          'Curaçaostraat',
          'Irenestraat',
          'st',
          'bu rg',
        ),
        fc.constantFrom('', '.', ' 12', ' st', ' pl'),
      )
      .map((parts) => parts.join(''))
    fc.assert(
      fc.property(fc.oneof(anyText, streetish, addressish), (raw) => {
        const key = streetKey(raw)
        expect(streetKey(key)).toBe(key)
        expect(key).toMatch(/^[a-z0-9]*$/)
        const display = normaliseStreet(raw)
        expect(normaliseStreet(display)).toBe(display)
        expect(streetKey(display)).toBe(key)
      }),
      { numRuns: 2000 },
    )
  })

  it('splitStreetAddress never throws and keeps every word', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, addressish), (raw) => {
        const { street, houseNumber } = splitStreetAddress(raw)
        const kept = [street, houseNumber ?? ''].join(' ').replace(/\s+/g, '')
        const comma = raw.indexOf(',')
        expect(kept).toBe((comma === -1 ? raw : raw.slice(0, comma)).replace(/\s+/g, ''))
      }),
      { numRuns: 2000 },
    )
  })
})
