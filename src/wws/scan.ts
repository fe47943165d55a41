import { Bounds, type Range } from './range.js'
import { toQuarter, toWhole } from './rounding.js'
import type { WozScenario } from './scenarios.js'
import { capPoints, NEW_BUILD_MINIMUM, NEW_BUILD_THRESHOLD, type WozRegime, wozPoints } from './woz-cap.js'

/** The lowest and highest total (whole points) and WOZ group (hundredths) over every case tried. */
export interface Extremes {
  readonly total: Range
  readonly woz: Range
}

const QUARTER = 25
/** A quarter-point sum keeps its whole rounding for at most four steps: the first and last four of a run cover it. */
const RUN_EDGE = 3 * QUARTER
/** The largest quarter-point sum that rounds to 186: above it no WOZ score stays below the cap's threshold. */
const LAST_SUM_BELOW_THRESHOLD = 18625

/** A run of consecutive quarter-point sums of the groups before the WOZ group that share one WOZ regime. */
interface Run {
  readonly from: number
  readonly to: number
  readonly regime: WozRegime
}

/** The first and the last quarter-point sum that round to a whole point (halves away from zero). */
const firstSum = (whole: number) => (whole > 0 ? whole * 100 - 2 * QUARTER : whole * 100 - QUARTER)
const lastSum = (whole: number) => (whole >= 0 ? whole * 100 + QUARTER : whole * 100 + 2 * QUARTER)

/** A regime over a span of whole points of the groups before the WOZ group. */
interface Segment {
  readonly regime: WozRegime
  readonly from: number
  readonly to: number
}

/**
 * Where the cap may apply, the regime over the whole points of the groups before (see woz-cap.ts): plain below the
 * cap's threshold, then the 186 rule while capping would drop the total below 187, then capped, then plain again once
 * 33 % of the total holds the raw score.
 */
function capSegments(raw: number): Segment[] {
  const rawWhole = toWhole(raw)
  const threshold = 187 - rawWhole
  const uncapped = Math.ceil((raw * 67) / 3300)
  if (uncapped <= threshold) return [{ regime: 'plain', from: -Infinity, to: Infinity }]
  let capped = threshold
  while (capped < uncapped && (capped + capPoints(capped)) * 100 < 18700 - rawWhole * 100 + raw) capped++
  return [
    { regime: 'plain', from: -Infinity, to: threshold - 1 },
    { regime: 'floor186', from: threshold, to: capped - 1 },
    { regime: 'capped', from: capped, to: uncapped - 1 },
    { regime: 'plain', from: uncapped, to: Infinity },
  ]
}

/**
 * The runs of one regime across `before` (hundredths, quarter multiples), for one raw WOZ score: the segments of the
 * cap, or for a 2015–2019 build whose groups before reach 110 the minimum (or none), or under the COROP rule none.
 */
function regimeRuns(raw: number, before: Range, scenario: WozScenario): Run[] {
  const runs: Run[] = []
  const add = (regime: WozRegime, from: number, to: number) => {
    if (from > to) return
    const last = runs.at(-1)
    if (last && last.regime === regime && last.to + QUARTER === from) runs[runs.length - 1] = { ...last, to }
    else runs.push({ regime, from, to })
  }
  const minimumFrom = scenario.newBuild ? Math.max(before.low, NEW_BUILD_THRESHOLD) : Infinity
  const belowMinimum = Math.min(before.high, minimumFrom - QUARTER)
  const segments: Segment[] = scenario.corop
    ? [{ regime: 'plain', from: -Infinity, to: Infinity }]
    : capSegments(raw)
  for (const segment of segments) {
    const from = Number.isFinite(segment.from) ? firstSum(segment.from) : -Infinity
    const to = Number.isFinite(segment.to) ? lastSum(segment.to) : Infinity
    add(segment.regime, Math.max(before.low, from), Math.min(belowMinimum, to))
  }
  add(raw > 0 && raw < NEW_BUILD_MINIMUM ? 'minimum' : 'plain', minimumFrom, before.high)
  return runs
}

/**
 * The extremes for a known raw WOZ score when the groups before it sum to anything in `before` and those after it to
 * anything in `after`. Within a run the total only rises with the sum (the WOZ points are constant, or the cap grows
 * with the sum), except under the 186 rule, where it depends on the sum's place within its whole point alone: so the
 * first and last four sums of each run hold the run's extremes, and only those are computed.
 */
export function knownWozExtremes(raw: number, before: Range, after: Range, scenario: WozScenario): Extremes {
  const total = new Bounds()
  const woz = new Bounds()
  const visit = (sum: number, regime: WozRegime) => {
    const points = wozPoints(regime, raw, toWhole(sum))
    woz.add(points)
    total.add(toWhole(sum + points + after.low)).add(toWhole(sum + points + after.high))
  }
  for (const run of regimeRuns(raw, before, scenario)) {
    for (let sum = run.from; sum <= Math.min(run.to, run.from + RUN_EDGE); sum += QUARTER)
      visit(sum, run.regime)
    for (let sum = Math.max(run.from, run.to - RUN_EDGE); sum <= run.to; sum += QUARTER)
      visit(sum, run.regime)
  }
  return { total: total.range(), woz: woz.range() }
}

/**
 * The extremes when the WOZ value is unknown (any value above 0). The least is the smallest value's: no points, or
 * the 40 of the minimum. The most is unbounded where the cap can never apply (the COROP rule, a 2015–2019 build whose
 * groups before reach 110); otherwise the cap bounds it, and the highest total is either the largest WOZ score that
 * stays below the cap's threshold (the total then ends at 186.5 plus the sum's place within its whole point) or,
 * where the groups before are high enough, the largest score the 33 % allows without capping.
 */
export function unknownWozExtremes(before: Range, after: Range, scenario: WozScenario): Extremes {
  const wozLow = scenario.newBuild && before.low >= NEW_BUILD_THRESHOLD ? NEW_BUILD_MINIMUM : 0
  const totalLow = toWhole(before.low + wozLow + after.low)
  if (scenario.corop || (scenario.newBuild && before.high >= NEW_BUILD_THRESHOLD))
    return {
      total: { low: totalLow, high: Number.POSITIVE_INFINITY },
      woz: { low: wozLow, high: Number.POSITIVE_INFINITY },
    }
  const total = new Bounds().add(totalLow)
  const woz = new Bounds().add(wozLow)
  // The largest score below the threshold: whole-rounded it brings the total to 186, so it is 186.49 − the others.
  const belowThreshold = (sum: number) => (186 - toWhole(sum)) * 100 + 49
  const top = Math.min(before.high, LAST_SUM_BELOW_THRESHOLD)
  for (let sum = Math.max(before.low, top - RUN_EDGE); sum <= top; sum += QUARTER)
    total.add(toWhole(sum + toQuarter(belowThreshold(sum)) + after.high))
  if (belowThreshold(before.low) >= 0) woz.add(toQuarter(belowThreshold(before.low)))
  // The largest score the cap lets through uncapped, when it reaches the threshold: 33/67 of the others.
  const otherWhole = toWhole(before.high)
  const uncappedMax = Math.floor((otherWhole * 3300) / 67)
  if (otherWhole + toWhole(uncappedMax) >= 187) {
    total.add(toWhole(before.high + toQuarter(uncappedMax) + after.high))
    woz.add(toQuarter(uncappedMax))
  }
  return { total: total.range(), woz: woz.range() }
}
