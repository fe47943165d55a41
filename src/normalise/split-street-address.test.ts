import { describe, expect, it } from 'vitest'
import { splitStreetAddress } from './split-street-address.js'

describe('splitStreetAddress', () => {
  it.each([
    ['Blasiusstraat 8 2', 'Blasiusstraat', '8 2'],
    ['Blasiusstraat 8 2, Amsterdam', 'Blasiusstraat', '8 2'],
    ['  Kromme   Leimuidenstraat 13 H ', 'Kromme Leimuidenstraat', '13 H'],
    ['2e Oosterparkstraat 12', '2e Oosterparkstraat', '12'],
    ['1e Kekerstraat 77 PP', '1e Kekerstraat', '77 PP'],
    ['Laan 1940-1945 3', 'Laan 1940-1945', '3'],
    ['Laan 1940-1945', 'Laan 1940-1945', null],
    ['Plein 1813 2', 'Plein 1813', '2'],
    ['Plein 40-45 12', 'Plein 40-45', '12'],
    ['Plein 1813', 'Plein', '1813'],
    ['Hoofdweg 1234 2', 'Hoofdweg', '1234 2'],
    ['Pieter Cornelisz. Hooftstraat 36 1 2 3', 'Pieter Cornelisz. Hooftstraat', '36 1 2 3'],
    ['Klaprozenweg 49 B 2 +PP', 'Klaprozenweg', '49 B 2 +PP'],
    ['Linnaeusstraat 243 1., Amsterdam', 'Linnaeusstraat', '243 1.'],
    ['Ringdijk', 'Ringdijk', null],
    ['Ringdijk, Amsterdam', 'Ringdijk', null],
    ['2e Oosterparkstraat', '2e Oosterparkstraat', null],
    ['12', '', '12'],
    ['', '', null],
    ['   ', '', null],
    // Longer than any address line: not an address.
    [`Kerkstraat ${'1 '.repeat(600)}`, '', null],
  ])('splits %j', (raw, street, houseNumber) => {
    expect(splitStreetAddress(raw)).toEqual({ street, houseNumber })
  })

  it('returns quickly on 1 MB strings', () => {
    const started = performance.now()
    splitStreetAddress('Plein 1940-1945 '.repeat(70_000))
    splitStreetAddress('a '.repeat(500_000))
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
