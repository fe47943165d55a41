import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Bounds, type Range } from './range.js'
import { toWhole } from './rounding.js'
import { knownWozExtremes, unknownWozExtremes } from './scan.js'
import type { WozScenario } from './scenarios.js'
import { correctedWozPoints } from './woz-cap.js'

/** Every quarter-point sum in a range. */
function* sums(range: Range): Generator<number> {
  for (let sum = range.low; sum <= range.high; sum += 25) yield sum
}

/** The extremes by brute force: every sum, every total after the WOZ group at its ends, one WOZ score at a time. */
function bruteForce(raws: Iterable<number>, before: Range, after: Range, scenario: WozScenario) {
  const total = new Bounds()
  const woz = new Bounds()
  for (const raw of raws)
    for (const sum of sums(before)) {
      const points = correctedWozPoints(raw, sum, scenario.newBuild, scenario.corop)
      woz.add(points)
      total.add(toWhole(sum + points + after.low)).add(toWhole(sum + points + after.high))
    }
  return { total: total.range(), woz: woz.range() }
}

/** Above this no WOZ score changes the extremes of the ranges tried: 186.49 is the most below the cap's threshold. */
const MAX_SCORE = 19_000

const quarter = (low: number, high: number) =>
  fc.integer({ min: low / 25, max: high / 25 }).map((q) => q * 25)
const range = (low: number, high: number, width: number) =>
  fc
    .tuple(quarter(low, high), quarter(0, width))
    .map(([start, span]) => ({ low: start, high: start + span }) as Range)
const scenario = fc.record({ newBuild: fc.boolean(), corop: fc.boolean() })

describe('the extremes over the groups before the WOZ group', () => {
  it('equal those of trying every sum, for a known WOZ score', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        range(0, 30_000, 15_000),
        range(0, 1000, 1000),
        scenario,
        (raw, before, after, s) => {
          expect(knownWozExtremes(raw, before, after, s)).toEqual(bruteForce([raw], before, after, s))
        },
      ),
      { numRuns: 400 },
    )
  })

  it('hold the cap’s edges: the 186 rule, the cap, and the total that rounds to 187 below the threshold', () => {
    for (const raw of [9574, 8233, 6649, 3487, 4000, 1])
      for (const s of [
        { newBuild: false, corop: false },
        { newBuild: true, corop: false },
      ]) {
        const before = { low: 10_000, high: 16_000 }
        const after = { low: 0, high: 425 }
        expect(knownWozExtremes(raw, before, after, s)).toEqual(bruteForce([raw], before, after, s))
      }
  })

  it('equal those of trying every WOZ score when the WOZ value is unknown, and are unbounded only without a cap', () => {
    fc.assert(
      fc.property(range(0, 26_000, 800), range(0, 500, 500), scenario, (before, after, s) => {
        const scores = {
          [Symbol.iterator]: function* () {
            for (let raw = 1; raw <= MAX_SCORE; raw++) yield raw
          },
        }
        const found = unknownWozExtremes(before, after, s)
        const brute = bruteForce(scores, before, after, s)
        expect(found.total.low).toBe(brute.total.low)
        expect(found.woz.low).toBe(brute.woz.low)
        const uncappable = s.corop || (s.newBuild && before.high >= 11_000)
        if (uncappable) {
          expect(found.total.high).toBe(Number.POSITIVE_INFINITY)
          expect(found.woz.high).toBe(Number.POSITIVE_INFINITY)
        } else {
          expect(found.total.high).toBe(brute.total.high)
          expect(found.woz.high).toBe(brute.woz.high)
        }
      }),
      { numRuns: 25 },
    )
  })
})
