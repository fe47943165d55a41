import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { implausibleValues } from '../kit/plausible-listing.js'
import { type Dataset, loadDefaultDatasets } from './datasets.js'
import { estimateValue } from './estimate-value.js'
import { fitValuationModel } from './fit-valuation-model.js'
import type { Comparable, FitOptions, ValuationKind } from './types.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
// The calibration changes no estimate without a WOZ value (none of these has one); a light one keeps this quick.
const FIT: FitOptions = { fittedAt: '2026-11-29T00:00:00Z', calibrationFolds: 2, calibrationSample: 500 }

/** A listing at the edge of what the bounds take, but taken: the test checks that it is. */
interface Edge {
  readonly what: string
  readonly row: Partial<Comparable> & Pick<Comparable, 'price' | 'surfaceArea'>
}

const pc4 = (postcode: string) => postcode.replace(/\s/g, '').slice(0, 4)

/**
 * The largest relative move of an estimate, over the market's homes outside the PC4 of `row`, when the one listing
 * `row` joins the comparables; less one rounding step of the estimate (EUR 1,000; a rent EUR 5), which rounding alone
 * may take.
 */
function largestMoveElsewhere(market: Dataset, kind: ValuationKind, row: Comparable): number {
  const options = { ...FIT, kind }
  const before = fitValuationModel(market.rows, options)
  const after = fitValuationModel([...market.rows, row], options)
  const step = kind === 'rent' ? 5 : 1_000
  let largest = 0
  for (const home of market.rows) {
    if (pc4(home.postcode) === pc4(row.postcode)) continue
    const a = estimateValue(before, home)?.estimatedPrice
    const b = estimateValue(after, home)?.estimatedPrice
    expect(b === undefined, `${home.id} lost or gained its estimate`).toBe(a === undefined)
    if (a === undefined || b === undefined) continue
    largest = Math.max(largest, (Math.abs(b - a) - step) / a)
  }
  return largest
}

/** Each edge listing is one the listing bounds take; none moves a home outside its own PC4 by more than 1 %. */
function expectContained(
  market: Dataset,
  kind: ValuationKind,
  place: Pick<Comparable, 'postcode' | 'city'>,
  edges: readonly Edge[],
) {
  const newest = market.rows
    .reduce((d, r) => (r.listedAt && r.listedAt > d ? r.listedAt : d), '')
    .slice(0, 10)
  for (const { what, row } of edges) {
    const listing: Comparable = {
      id: 'edge',
      listedAt: newest,
      yearBuilt: 1930,
      energyLabel: 'C',
      dwellingType: 'apartment',
      ...place,
      ...row,
    }
    const plausible = implausibleValues(
      {
        type: kind === 'rent' ? 'rent' : 'buy',
        price: listing.price,
        surfaceArea: listing.surfaceArea,
        dwellingType: listing.dwellingType ?? null,
        listedAt: listing.listedAt?.slice(0, 10) ?? null,
      },
      new Date(`${newest}T12:00:00Z`),
    )
    expect(plausible, what).toEqual([])
    expect(largestMoveElsewhere(market, kind, listing), what).toBeLessThanOrEqual(0.01)
  }
}

describe('one plausible listing at the edge of the bounds moves no home outside its own PC4 by more than 1 %', () => {
  it('on the Utrecht sales (4,541 real homes)', () => {
    const [utrecht] = loadDefaultDatasets(ROOT)
    expectContained(utrecht!, 'sale', { postcode: '3581AB', city: 'Utrecht' }, [
      { what: 'EUR 29,900 per m²', row: { price: 1_495_000, surfaceArea: 50 } },
      { what: 'EUR 300 per m²', row: { price: 15_000, surfaceArea: 50 } },
      {
        what: 'a 5,000 m² house at EUR 300 per m²',
        row: { price: 1_500_000, surfaceArea: 5_000, dwellingType: 'house' },
      },
      {
        what: 'a 5,000 m² house at EUR 100 million',
        row: { price: 100_000_000, surfaceArea: 5_000, dwellingType: 'house' },
      },
      {
        what: 'a 15 m² house at EUR 29,000 per m²',
        row: { price: 435_000, surfaceArea: 15, dwellingType: 'house' },
      },
      { what: 'listed in 2000', row: { price: 250_000, surfaceArea: 80, listedAt: '2000-01-01' } },
      { what: 'built in 1100', row: { price: 250_000, surfaceArea: 80, yearBuilt: 1100 } },
      {
        what: 'nothing known but price and size',
        row: { price: 250_000, surfaceArea: 80, yearBuilt: null, energyLabel: null, dwellingType: null },
      },
    ])
  }, 120_000)

  it('on the Pararius rentals (1,776 real homes in 40 places)', () => {
    const pararius = loadDefaultDatasets(ROOT).find((d) => d.kind === 'rent') as Dataset
    expectContained(pararius, 'rent', { postcode: '1017AB', city: 'amsterdam' }, [
      { what: 'EUR 148 per m² a month', row: { price: 8_900, surfaceArea: 60 } },
      { what: 'a 10 m² flat at EUR 150 per m²', row: { price: 1_500, surfaceArea: 10 } },
      {
        what: 'a 400 m² house at EUR 1.25 per m²',
        row: { price: 500, surfaceArea: 400, dwellingType: 'house' },
      },
      {
        what: '5,000 m² of no stated kind at EUR 0.52 per m²',
        row: { price: 2_600, surfaceArea: 5_000, dwellingType: null },
      },
      { what: 'listed in 2000', row: { price: 2_000, surfaceArea: 70, listedAt: '2000-01-01' } },
      { what: 'listed tomorrow', row: { price: 2_000, surfaceArea: 70, listedAt: '2024-10-21' } },
    ])
  }, 120_000)
})
