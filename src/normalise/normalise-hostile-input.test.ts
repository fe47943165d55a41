import { describe, expect, it } from 'vitest'
import { ADDRESS_NORMALISERS } from '../../test/helpers/address-normalisers.js'

// Not a speed test (their speed is `npm run bench -- normalise`): a bound so generous that only catastrophic
// backtracking or quadratic work on a hostile string can cross it.
const HOSTILE_BUDGET_MS = 250

const hostile = [
  'x'.repeat(1_000_000),
  '1'.repeat(1_000_000),
  `12 ${'a-'.repeat(500_000)}`,
  `${'('.repeat(500_000)}${')'.repeat(500_000)}`,
  'é '.repeat(500_000),
  `Plein ${'1813 '.repeat(200_000)}`,
]

describe('normalisers on hostile input', () => {
  for (const [name, fn] of Object.entries(ADDRESS_NORMALISERS)) {
    it(`${name} returns quickly on 1 MB hostile strings`, () => {
      for (const input of hostile) {
        const started = performance.now()
        fn(input)
        expect(performance.now() - started, input.slice(0, 20)).toBeLessThan(HOSTILE_BUDGET_MS)
      }
    })
  }
})
