import { ADDRESS_NORMALISERS } from '../test/helpers/address-normalisers.js'
import { defineBench, interleave, median } from './support/bench.js'

/** Inputs for each normaliser as sites print them, including the awkward cases it exists for. */
const INPUTS: Record<keyof typeof ADDRESS_NORMALISERS, readonly string[]> = {
  normalisePostcode: ['1091 CR', ' 1234  ab ', '0123 AB', '1234 SA'],
  parseHouseNumber: ['12', '12A-1', '16 hs', '274 VII', '49 B 2 +PP', '12 bis A'],
  splitStreetAddress: ['Blasiusstraat 8 2, Amsterdam', 'Laan 1940-1945 3', 'Ringdijk'],
  normaliseStreet: ['  blasiusstraat ', 'Burg. de Monchyplein'],
  streetKey: ['Burg. de Monchyplein', 'Tweede Oosterparkstraat', 'Curaçaostraat'],
  normaliseCity: ['AMSTERDAM', 's-Gravenhage', 'Den Haag (ZH)', 'ALPHEN A/D RIJN'],
  cityKey: ['Den Haag (ZH)', "'s-Hertogenbosch", 'Alphen a/d Rijn', 'Súdwest-Fryslân'],
}

/** The cheapest honest string work on the same inputs: what a call costs before it normalises anything. */
const baseline = (s: string) => s.trim().toLowerCase()

/** Microseconds per call of `fn` over `inputs` in turn, after a warm-up. */
function microsecondsPerCall(fn: (s: string) => unknown, inputs: readonly string[], calls: number): number {
  let sink = 0
  for (let i = 0; i < calls / 10; i++) sink += fn(inputs[i % inputs.length]!) === undefined ? 1 : 0
  const started = performance.now()
  for (let i = 0; i < calls; i++) sink += fn(inputs[i % inputs.length]!) === undefined ? 1 : 0
  const elapsed = performance.now() - started
  return sink < 0 ? Number.NaN : (elapsed * 1000) / calls // `sink` keeps the calls from being optimised away
}

/** Cost per call of every address normaliser, against a trim-and-lowercase of the same inputs in the same run. */
export default defineBench({
  name: 'normalise',
  description: 'µs per call of each address normaliser against trim().toLowerCase() on the same inputs',
  async run({ quick }) {
    const calls = quick ? 20_000 : 200_000
    const rows = []
    for (const [name, fn] of Object.entries(ADDRESS_NORMALISERS)) {
      const inputs = INPUTS[name as keyof typeof ADDRESS_NORMALISERS]
      const results = await interleave(quick ? 1 : 5, {
        normaliser: async () => microsecondsPerCall(fn, inputs, calls),
        baseline: async () => microsecondsPerCall(baseline, inputs, calls),
      })
      const us = median(results.normaliser)
      const base = median(results.baseline)
      rows.push({ function: name, 'µs/call': us, 'baseline µs/call': base, '× baseline': us / base })
    }
    return [
      {
        title: `Address normalisers, ${calls.toLocaleString('en')} calls per round (median of the rounds)`,
        rows,
        notes: ['A national run normalises each of ~250,000 offers once: 10 µs a call is 2.5 s.'],
      },
    ]
  },
})
