import { describe, expect, it } from 'vitest'
import {
  cityKey,
  normaliseCity,
  normalisePostcode,
  normaliseStreet,
  parseHouseNumber,
  splitStreetAddress,
  streetKey,
} from './index.js'

// The pipeline normalises ~20,000 listings/s, so each call must stay in the low microseconds.
const BUDGET_MICROSECONDS = 20
const HOSTILE_BUDGET_MS = 250

const functions: ReadonlyArray<readonly [string, (s: string) => unknown, readonly string[]]> = [
  ['normalisePostcode', normalisePostcode, ['1091 CR', ' 1234  ab ', '0123 AB', '1234 SA']],
  ['parseHouseNumber', parseHouseNumber, ['12', '12A-1', '16 hs', '274 VII', '49 B 2 +PP', '12 bis A']],
  [
    'splitStreetAddress',
    splitStreetAddress,
    ['Blasiusstraat 8 2, Amsterdam', 'Laan 1940-1945 3', 'Ringdijk'],
  ],
  ['normaliseStreet', normaliseStreet, ['  blasiusstraat ', 'Burg. de Monchyplein']],
  ['streetKey', streetKey, ['Burg. de Monchyplein', 'Tweede Oosterparkstraat', 'Curaçaostraat']],
  ['normaliseCity', normaliseCity, ['AMSTERDAM', 's-Gravenhage', 'Den Haag (ZH)', 'ALPHEN A/D RIJN']],
  ['cityKey', cityKey, ['Den Haag (ZH)', "'s-Hertogenbosch", 'Alphen a/d Rijn', 'Súdwest-Fryslân']],
]

const hostile = [
  'x'.repeat(1_000_000),
  '1'.repeat(1_000_000),
  `12 ${'a-'.repeat(500_000)}`,
  `${'('.repeat(500_000)}${')'.repeat(500_000)}`,
  'é '.repeat(500_000),
  `Plein ${'1813 '.repeat(200_000)}`,
]

describe('normaliser performance', () => {
  for (const [name, fn, inputs] of functions) {
    it(`${name} runs in under ${BUDGET_MICROSECONDS} µs per call`, () => {
      for (let i = 0; i < 2_000; i++) fn(inputs[i % inputs.length]!) // warm up the JIT
      const calls = 20_000
      const started = performance.now()
      for (let i = 0; i < calls; i++) fn(inputs[i % inputs.length]!)
      const microseconds = ((performance.now() - started) * 1000) / calls
      expect(microseconds).toBeLessThan(BUDGET_MICROSECONDS)
    })

    it(`${name} returns quickly on 1 MB hostile strings`, () => {
      for (const input of hostile) {
        const started = performance.now()
        fn(input)
        expect(performance.now() - started, input.slice(0, 20)).toBeLessThan(HOSTILE_BUDGET_MS)
      }
    })
  }
})
