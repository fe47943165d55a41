import { describe, expect, it } from 'vitest'
import { normaliseStreet } from './normalise-street.js'
import { streetKey } from './street-key.js'

describe('streetKey', () => {
  it.each([
    [['Burg. de Monchyplein', 'Burgemeester de Monchyplein', 'BURG DE MONCHYPLEIN', 'Burg de Monchypl.']],
    [['Tweede Oosterparkstraat', '2e Oosterparkstraat', '2de Oosterparkstraat', 'Tweede Oosterparkstr.']],
    [['Curaçaostraat', 'Curacaostraat', 'curaçaostr']],
    [['Churchill-laan', 'Churchilllaan', 'Churchill laan', 'Churchill-ln']],
    [['St. Jacobsstraat', 'Sint Jacobsstraat', 'St Jacobsstraat']],
    [['Prof. Tulpplein', 'Professor Tulpplein']],
    [['Dr. Schaepmanstraat', 'Doctor Schaepmanstraat', 'Dokter Schaepmanstraat']],
    [['Mr. Visserplein', 'Meester Visserplein']],
    [['Jhr. Jan van Nispenstraat', 'Jonkheer Jan v. Nispenstraat']],
    [['Gen. Vetterstraat', 'Generaal Vetterstraat']],
    [['Kon. Wilhelminalaan', 'Koningin Wilhelminalaan']],
    [['Kon. Willem III straat', 'Koning Willem III Straat']],
    [['Pr. Hendrikkade', 'Prins Hendrikkade']],
    [['Pr. Irenestraat', 'Prinses Irenestraat']],
    [["'s-Gravendijkwal", 's Gravendijkwal', '‘s-Gravendijkwal']],
  ])('gives every spelling in %j the same key', (spellings) => {
    const keys = new Set(spellings.map(streetKey))
    expect(keys.size, [...keys].join(' | ')).toBe(1)
  })

  it.each([
    ['Burg. de Monchyplein', 'burgemeesterdemonchyplein'],
    ['Tweede Oosterparkstraat', '2eoosterparkstraat'],
    ['Laan 1940-1945', 'laan19401945'],
    ['', ''],
  ])('keys %j as %j', (raw, key) => {
    expect(streetKey(raw)).toBe(key)
  })

  it('keeps different streets apart', () => {
    expect(streetKey('Kerkstraat')).not.toBe(streetKey('Kerklaan'))
    expect(streetKey('Eerste Helmersstraat')).not.toBe(streetKey('Tweede Helmersstraat'))
  })
})

describe('normaliseStreet', () => {
  it.each([
    ['  blasiusstraat ', 'Blasiusstraat'],
    ['van  Baerlestraat', 'Van Baerlestraat'],
    ['Burg. de Monchyplein', 'Burg. de Monchyplein'],
    ["'s-Gravendijkwal", "'s-Gravendijkwal"],
    ["'t Hoenderpad", "'t Hoenderpad"],
    ['2e Oosterparkstraat', '2e Oosterparkstraat'],
    ['KERKSTRAAT', 'KERKSTRAAT'],
    ['\u00a0Kerk\u202fstraat', 'Kerk straat'],
    ['', ''],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normaliseStreet(raw)).toBe(expected)
  })
})
