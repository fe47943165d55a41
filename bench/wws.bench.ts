import type { WwsFacts } from '../src/wws/facts.js'
import { rentRegulation } from '../src/wws/regulation.js'
import { defineBench, interleave, median } from './support/bench.js'

const DATE = '2026-07-01'

/** A home with every group supplied: one case, the rules' own result. */
const EXACT: WwsFacts = {
  dwelling: 'multi-family',
  buildYear: 1990,
  monument: false,
  energy: [],
  area: { roomsM2: 60, otherM2: 5, parkingM2: 0 },
  woz: [{ referenceDate: '2025-01-01', value: 300_000 }],
  points: {
    roomsArea: 60,
    otherArea: 3.75,
    heating: 10,
    outdoor: 4,
    kitchen: 7,
    sanitary: 9,
    parking: 0,
    shared: 0,
    special: 0,
    monumentNewbuild: 0,
  },
}

/** What a publish knows of most homes: the BAG's usable area and build year, maybe a WOZ value, no listing. */
const fromRegisters = (usableM2: number, woz: boolean): WwsFacts => ({
  dwelling: 'multi-family',
  buildYear: 1990,
  monument: false,
  energy: [],
  area: { usableM2 },
  ...(woz ? { woz: [{ referenceDate: '2025-01-01', value: 300_000 }] } : {}),
})

const CASES: Readonly<Record<string, WwsFacts>> = {
  'every group supplied': EXACT,
  'usable area 50 m², WOZ known': fromRegisters(50, true),
  'usable area 80 m², WOZ known': fromRegisters(80, true),
  'usable area 150 m², WOZ known': fromRegisters(150, true),
  'usable area 80 m², WOZ unknown': fromRegisters(80, false),
}

/** Microseconds per home of {@link rentRegulation} for one case, after a warm-up. */
function microsecondsPerHome(facts: WwsFacts, homes: number): number {
  let sink = 0
  for (let i = 0; i < homes / 10; i++) sink += rentRegulation(facts, DATE).points?.low ?? 0
  const started = performance.now()
  for (let i = 0; i < homes; i++) sink += rentRegulation(facts, DATE).points?.low ?? 0
  const elapsed = performance.now() - started
  return sink < 0 ? Number.NaN : (elapsed * 1000) / homes // `sink` keeps the calls from being optimised away
}

/** The cost of a home's WWS range at publish, by what is known of it, against a home with every group supplied. */
export default defineBench({
  name: 'wws',
  description: 'µs per home of the WWS range by what is known, against a home with every group supplied',
  async run({ quick }) {
    const homes = quick ? 200 : 2_000
    const results = await interleave(
      quick ? 1 : 5,
      Object.fromEntries(
        Object.entries(CASES).map(([name, facts]) => [name, async () => microsecondsPerHome(facts, homes)]),
      ),
    )
    const baseline = median(results['every group supplied']!)
    const rows = Object.keys(CASES).map((name) => {
      const us = median(results[name]!)
      return { case: name, 'µs/home': us, '× every group supplied': us / baseline }
    })
    return [
      {
        title: `rentRegulation, ${homes.toLocaleString('en')} homes per round (median of the rounds)`,
        rows,
        notes: ['A publish of 100,000 homes at 500 µs a home spends 50 s on their rent regulation.'],
      },
    ]
  },
})
