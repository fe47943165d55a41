import { describe, expect, it } from 'vitest'
import { OUDE_DELFT_BAG } from '../../test/helpers/bag-facts.js'
import { buildGoldenRecord, type MergeInputs, survive } from './golden-record.js'
import { createSourcePriority, defaultSourceOrder } from './source-priority.js'

const priority = createSourcePriority(defaultSourceOrder(['funda', 'pararius', 'huurwoningen']))

const bag = OUDE_DELFT_BAG

const inputs = (over: Partial<MergeInputs> = {}): MergeInputs => ({
  bag,
  registers: {},
  listings: { yearBuilt: [], energyLabel: [], surfaceArea: [], dwellingType: [] },
  ...over,
})

describe('survive', () => {
  it('lets the register that owns a field beat any listing, however new, and records the listing as a conflict', () => {
    const result = survive(
      [
        [{ source: 'ep-online', value: 'C', observedAt: '2024-05-02' }],
        [{ source: 'funda', value: 'A', observedAt: '2026-11-20' }],
      ],
      priority,
    )
    expect(result).toEqual({
      value: 'C',
      provenance: {
        source: 'ep-online',
        observed_at: '2024-05-02',
        conflicts: [{ source: 'funda', value: 'A', observed_at: '2026-11-20' }],
      },
    })
  })

  it('lets the newest observation win among sources of one tier', () => {
    const result = survive(
      [
        [
          { source: 'funda', value: 71, observedAt: '2026-10-01' },
          { source: 'pararius', value: 74, observedAt: '2026-11-20' },
        ],
      ],
      priority,
    )
    expect(result.value).toBe(74)
    expect(result.provenance?.conflicts).toEqual([{ source: 'funda', value: 71, observed_at: '2026-10-01' }])
  })

  it('breaks a tie in time by the configured priority, and the configuration changes the winner', () => {
    const tie = [
      [
        { source: 'pararius', value: 'B', observedAt: '2026-11-20T02:00:00.000Z' },
        { source: 'funda', value: 'C', observedAt: '2026-11-20T02:00:00.000Z' },
      ],
    ]
    expect(survive(tie, priority).value).toBe('C') // funda comes first in the registry order given above
    expect(survive(tie, createSourcePriority(['pararius', 'funda'])).value).toBe('B')
  })

  it('keeps no conflicts when the sources agree, and answers null with null provenance when none knows', () => {
    const agree = survive(
      [
        [{ source: 'bag', value: 1930, observedAt: '2026-11-01' }],
        [{ source: 'funda', value: 1930, observedAt: '2026-11-20' }],
      ],
      priority,
    )
    expect(agree.provenance).toEqual({ source: 'bag', observed_at: '2026-11-01' })
    expect(survive([[], undefined], priority)).toEqual({ value: null, provenance: null })
  })
})

describe('createSourcePriority', () => {
  it('puts the registers first, then listing sources in registry order, and unknown sources last', () => {
    const order = defaultSourceOrder(['funda', 'pararius'])
    expect(order).toEqual(['bag', 'pdok', 'ep-online', 'woz', 'funda', 'pararius'])
    expect(priority('bag')).toBeLessThan(priority('funda'))
    expect(priority('woz')).toBeLessThan(priority('pararius'))
    expect(priority('some-new-site')).toBeGreaterThan(priority('huurwoningen'))
  })
})

describe('buildGoldenRecord', () => {
  it('takes year built from the BAG over EP-Online over listings, and keeps both losers as conflicts', () => {
    const record = buildGoldenRecord(
      inputs({
        registers: { yearBuilt: [{ source: 'ep-online', value: 1885, observedAt: '2024-05-02' }] },
        listings: {
          yearBuilt: [{ source: 'funda', value: 1900, observedAt: '2026-11-20' }],
          energyLabel: [],
          surfaceArea: [],
          dwellingType: [],
        },
      }),
      priority,
    )
    expect(record.yearBuilt).toBe(1884)
    expect(record.provenance.year_built?.conflicts?.map((c) => c.source)).toEqual(['ep-online', 'funda'])
  })

  it('uses EP-Online’s year when the BAG has none (an object only PDOK knew)', () => {
    const record = buildGoldenRecord(
      inputs({
        bag: { ...bag, source: 'pdok', yearBuilt: null, surfaceArea: null },
        registers: { yearBuilt: [{ source: 'ep-online', value: 1885, observedAt: '2024-05-02' }] },
      }),
      priority,
    )
    expect(record.yearBuilt).toBe(1885)
    expect(record.provenance.year_built?.source).toBe('ep-online')
  })

  it('carries the WOZ value with its peildatum, and null provenance for every field no source knows', () => {
    const record = buildGoldenRecord(
      inputs({
        bag: { ...bag, usePurpose: null, dwellingType: null },
        registers: {
          woz: [
            {
              source: 'woz',
              value: { value: 1_256_000, referenceDate: '2025-01-01' },
              observedAt: '2026-11-20',
            },
          ],
        },
      }),
      priority,
    )
    expect(record).toMatchObject({ wozValue: 1_256_000, wozReferenceDate: '2025-01-01', energyLabel: null })
    expect(record.provenance).toEqual({
      year_built: { source: 'bag', observed_at: '2026-11-01' },
      energy_label: null,
      woz_value: { source: 'woz', observed_at: '2026-11-20' },
      surface_area: { source: 'bag', observed_at: '2026-11-01' },
      use: null,
      dwelling_type: null,
    })
  })

  it('lets a listing say what kind of home it is over the pand-based guess', () => {
    const record = buildGoldenRecord(
      inputs({
        listings: {
          yearBuilt: [],
          energyLabel: [],
          surfaceArea: [],
          dwellingType: [{ source: 'pararius', value: 'apartment', observedAt: '2026-11-20' }],
        },
      }),
      priority,
    )
    expect(record.dwellingType).toBe('apartment')
    expect(record.provenance.dwelling_type?.conflicts).toEqual([
      { source: 'bag', value: 'house', observed_at: '2026-11-01' },
    ])
  })

  it('leaves out a register year no home can have (the BAG’s 1008), null with the reason in its provenance', () => {
    const record = buildGoldenRecord(inputs({ bag: { ...bag, yearBuilt: 1008 } }), priority)
    expect(record.yearBuilt).toBeNull()
    expect(record.provenance.year_built).toEqual({
      source: 'bag',
      observed_at: '2026-11-01',
      rejected: [
        {
          source: 'bag',
          value: 1008,
          observed_at: '2026-11-01',
          reason:
            '1008 is before 1100, older than any home standing in the Netherlands: a placeholder or a typo',
        },
      ],
    })
  })

  it('takes the next source’s year when the BAG’s is a placeholder, and says so', () => {
    const record = buildGoldenRecord(
      inputs({
        bag: { ...bag, yearBuilt: 9999 },
        registers: { yearBuilt: [{ source: 'ep-online', value: 1885, observedAt: '2024-05-02' }] },
        listings: {
          yearBuilt: [{ source: 'funda', value: 1005, observedAt: '2026-11-20' }],
          energyLabel: [],
          surfaceArea: [],
          dwellingType: [],
        },
      }),
      priority,
    )
    expect(record.yearBuilt).toBe(1885)
    expect(record.provenance.year_built).toMatchObject({
      source: 'ep-online',
      rejected: [
        {
          source: 'bag',
          value: 9999,
          reason: '9999 is after 2031, more than 5 years after bag stated it: a placeholder',
        },
        { source: 'funda', value: 1005 },
      ],
    })
    expect(record.provenance.year_built?.conflicts).toBeUndefined()
  })

  it('keeps a year the BAG registers for a pand still being built', () => {
    expect(buildGoldenRecord(inputs({ bag: { ...bag, yearBuilt: 2028 } }), priority).yearBuilt).toBe(2028)
  })

  it('leaves out a WOZ value of EUR 1 and one whose peildatum is still to come', () => {
    const woz = (value: number, referenceDate: string) =>
      buildGoldenRecord(
        inputs({
          registers: { woz: [{ source: 'woz', value: { value, referenceDate }, observedAt: '2026-03-01' }] },
        }),
        priority,
      )
    expect(woz(1, '2025-01-01')).toMatchObject({ wozValue: null, wozReferenceDate: null })
    expect(woz(1, '2025-01-01').provenance.woz_value?.rejected?.[0]?.reason).toBe(
      'EUR 1 is below EUR 1,000, which no home is assessed at: a placeholder',
    )
    expect(woz(412_000, '2027-01-01').provenance.woz_value?.rejected?.[0]?.reason).toBe(
      'its peildatum 2027-01-01 is after 2026-03-01, the day it was looked up',
    )
    expect(woz(412_000, '2025-01-01').wozValue).toBe(412_000)
  })
})
