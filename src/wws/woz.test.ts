import { describe, expect, it } from 'vitest'
import { WwsDateError } from './dated.js'
import { correctedWozPoints, wozRegime } from './woz-cap.js'
import { rawWozPoints, wozInForce } from './woz-value.js'

const DATE = '2026-07-01'
const value = (referenceDate: string, amount: number) => ({ referenceDate, value: amount })

describe('the WOZ value in force', () => {
  it('takes the newest value of the two years before the policy date’s year', () => {
    const woz = wozInForce([value('2023-01-01', 1), value('2024-01-01', 2), value('2025-01-01', 3)], DATE)
    expect(woz).toMatchObject({ valueCents: 300, referenceDate: '2025-01-01', basis: 'value' })
    expect(woz.factors).toMatchObject({ partI: 16954, partII: 268, partIICorop: 114 })
    expect(wozInForce([value('2024-01-01', 2), value('2023-01-01', 1)], DATE)).toMatchObject({
      referenceDate: '2024-01-01',
      factors: { partI: 15329, partII: 242, partIICorop: 103 },
    })
  })

  it('ignores a value three years old, and one of the policy year itself, and then takes the minimum', () => {
    const woz = wozInForce([value('2023-01-01', 250_000), value('2026-01-01', 260_000)], DATE)
    expect(woz).toMatchObject({ valueCents: 8_580_600, referenceDate: '2025-01-01', basis: 'minimum' })
    expect(wozInForce([], DATE).factors.partI).toBe(16954)
  })

  it('takes the minimum in force on the policy date, dated 1 January of the year before its row', () => {
    expect(wozInForce([], '2026-01-01')).toMatchObject({ valueCents: 8_580_600, referenceDate: '2025-01-01' })
    expect(wozInForce([], '2025-12-31')).toMatchObject({ valueCents: 7_758_200, referenceDate: '2024-01-01' })
    expect(wozInForce([], '2024-07-01')).toMatchObject({ valueCents: 7_360_700, referenceDate: '2023-01-01' })
    expect(() => wozInForce([], '2023-06-30')).toThrow(WwsDateError)
  })

  it('computes the policy book’s worked example: WOZ 300,000 at 2025-01-01 and 60 m² give 36.25', () => {
    const woz = wozInForce([value('2025-01-01', 300_000)], DATE)
    const raw = rawWozPoints(woz, 60, false)
    expect(raw).toBe(1769 + 1866)
    expect(correctedWozPoints(raw, 10_000, false, false)).toBe(3625)
  })

  it('rounds each part to two decimals before adding, as the reference does', () => {
    // WOZ 50,000 and 26 m²: 2.95 + 7.18 = 10.13 → 10.25. Unrounded (2.9492 + 7.1757 = 10.1248) it would be 10.00;
    // the policy book and a later version of the reference read it so (docs/wws.md).
    const raw = rawWozPoints(wozInForce([value('2025-01-01', 50_000)], DATE), 26, false)
    expect(raw).toBe(1013)
    expect(correctedWozPoints(raw, 10_000, false, false)).toBe(1025)
  })

  it('divides part II by the COROP factor under the COROP rule, and scores nothing without area', () => {
    const woz = wozInForce([value('2024-01-01', 310_000)], DATE)
    expect(rawWozPoints(woz, 35, true)).toBe(2022 + 8599) // the reference’s corop_amsterdam_klein_nieuwbouw
    expect(correctedWozPoints(rawWozPoints(woz, 35, true), 12_000, false, true)).toBe(10625)
    expect(rawWozPoints(woz, 0, false)).toBe(0)
  })
})

describe('the WOZ corrections', () => {
  it('caps the WOZ at 33 % of the total, rounded down to whole points (the reference’s max_33_procent)', () => {
    // WOZ 613,900 at 2024-01-01, 60 m²: 40.05 + 42.28 = 82.33; the other groups 136 → at most 136 × 33/67 = 66.99.
    expect(correctedWozPoints(8233, 13_600, false, false)).toBe(6600)
    expect(wozRegime(8233, 136, false, false)).toBe('capped')
  })

  it('holds a total the cap would push below 187 at 186 (the reference’s max_186_punten)', () => {
    // WOZ 713,900: 46.57 + 49.17 = 95.74; the others 120 → 216 uncapped, 120 + 59 = 179 capped → 186.
    expect(correctedWozPoints(9574, 12_000, false, false)).toBe(6575)
    expect(wozRegime(9574, 120, false, false)).toBe('floor186')
  })

  it('caps nothing below a total of 187, nor while the WOZ is within 33 %', () => {
    expect(wozRegime(9574, 90, false, false)).toBe('plain') // 90 + 96 = 186
    expect(wozRegime(9574, 91, false, false)).toBe('floor186') // 91 + 96 = 187
    expect(wozRegime(6600, 134, false, false)).toBe('plain') // 134 × 33/67 = 66 exactly
    expect(wozRegime(6601, 134, false, false)).toBe('capped')
    expect(correctedWozPoints(6601, 13_400, false, false)).toBe(6600)
  })

  it('gives a 2015–2019 build 40 once the groups before reach 110, and then never caps', () => {
    // The reference’s nieuwbouw: WOZ 259,999 at 2024-01-01, 60 m²: 16.96 + 17.91 = 34.87 → 40.
    expect(correctedWozPoints(3487, 11_000, true, false)).toBe(4000)
    expect(correctedWozPoints(3487, 10_975, true, false)).toBe(3475)
    expect(correctedWozPoints(3487, 11_000, false, false)).toBe(3475)
    expect(correctedWozPoints(8233, 13_600, true, false)).toBe(8225)
    expect(correctedWozPoints(0, 11_000, true, false)).toBe(0)
  })

  it('never caps under the COROP rule', () => {
    expect(correctedWozPoints(8233, 13_600, false, true)).toBe(8225)
  })
})
