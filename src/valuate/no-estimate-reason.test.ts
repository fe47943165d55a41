import { describe, expect, it } from 'vitest'
import { estimateValue } from './estimate-value.js'
import { fitValuationModel } from './fit-valuation-model.js'
import { noEstimateReason } from './no-estimate-reason.js'
import { syntheticComparables } from './synthetic-comparables.js'
import type { HomeFeatures } from './types.js'

const FITTED_AT = '2023-06-01T00:00:00Z'
const market = syntheticComparables({ seed: 11 })
// Without WOZ values on the comparables, and with them (indexed WOZ 10 % under the price).
const sale = fitValuationModel(market, { fittedAt: FITTED_AT })
const measured = fitValuationModel(
  market.map((c) => ({ ...c, wozValue: Math.round(c.price / 1.1 / 1.04), wozReferenceDate: '2022-01-01' })),
  { fittedAt: FITTED_AT },
)
const rent = fitValuationModel(
  market.map((c) => ({ ...c, price: Math.round(c.price / 250) })),
  { kind: 'rent', fittedAt: FITTED_AT },
)
const known: HomeFeatures = { ...market[0]!, surfaceArea: 90 }
const elsewhere: HomeFeatures = { postcode: '9999 ZZ', city: 'Nergensdorp', surfaceArea: 90 }

describe('noEstimateReason', () => {
  it('says which check a home without an estimate failed, in the order estimateValue makes them', () => {
    const cases = [
      [sale, { ...known, surfaceArea: 0 }, 'Its living area is unknown or under 5 m².'],
      [
        sale,
        { ...known, surfaceArea: 5000 },
        `Its living area (5000 m²) is far outside that of the sale listings (${sale.areaRange[0]}–${sale.areaRange[1]} m²): the size curve would be a guess.`,
      ],
      [
        sale,
        elsewhere,
        'No sale listings in its city (Nergensdorp) or postcode area (9999 ZZ), and it has no WOZ value to be valued from.',
      ],
      [
        sale,
        { ...elsewhere, wozValue: 300_000, wozReferenceDate: '2022-01-01' },
        'No sale listings in its city (Nergensdorp) or postcode area (9999 ZZ), and its WOZ value cannot stand in: fewer than 30 sale listings carried one to measure how far off a WOZ value is.',
      ],
      [
        measured,
        { ...elsewhere, wozValue: 300_000, wozReferenceDate: null },
        'No sale listings in its city (Nergensdorp) or postcode area (9999 ZZ), and its WOZ value cannot stand in: it has no reference date, or its price per m² is no price of this home.',
      ],
      [
        rent,
        { ...elsewhere, wozValue: 300_000, wozReferenceDate: '2022-01-01' },
        'No rentals in its city (Nergensdorp) or postcode area (9999 ZZ).',
      ],
    ] as const
    for (const [model, home, reason] of cases) {
      expect(estimateValue(model, home), reason).toBeNull()
      expect(noEstimateReason(model.kind, model, home)).toBe(reason)
    }
    // The same place with a WOZ value the model measured is valued: the reason above was the WOZ value's.
    expect(
      estimateValue(measured, { ...elsewhere, wozValue: 300_000, wozReferenceDate: '2022-01-01' }),
    ).not.toBeNull()
  })

  it('says when no model of the kind was fitted', () => {
    expect(noEstimateReason('sale', null, known)).toBe(
      'No sale model: the last publish had fewer than 20 usable sale listings to fit one on.',
    )
    expect(noEstimateReason('rent', null, known)).toBe(
      'No rent model: the last publish had fewer than 20 usable rentals to fit one on.',
    )
  })
})
