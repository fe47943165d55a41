import { describe, expect, it } from 'vitest'
import { energyPoints, indexLabel } from './energy.js'
import type { EnergyRecord, WwsFacts } from './facts.js'

const DATE = '2026-07-01'
const label = (overrides: Partial<EnergyRecord> = {}): EnergyRecord => ({
  kind: 'NTA8800',
  status: 'final',
  validFrom: '2022-03-01',
  validUntil: '2032-03-01',
  label: 'B',
  ...overrides,
})
const points = (facts: WwsFacts, date = DATE) => energyPoints({ monument: false, ...facts }, date)

describe('energy points (group 4)', () => {
  it('scores a valid label by its class, per dwelling type, E at −4', () => {
    expect(points({ dwelling: 'single-family', energy: [label()] })).toMatchObject({
      values: [34],
      basis: 'label',
    })
    expect(points({ dwelling: 'multi-family', energy: [label()] }).values).toEqual([30])
    expect(points({ dwelling: 'multi-family', energy: [label({ label: 'E' })] }).values).toEqual([-4])
    expect(points({ dwelling: 'single-family', energy: [label({ label: 'A++++' })] }).values).toEqual([62])
    expect(points({ dwelling: 'multi-family', energy: [label({ label: 'G' })] }).values).toEqual([-15])
  })

  it('counts a label from its recording date, up to but not on its valid-until date', () => {
    const record = label({ validFrom: '2026-07-01', validUntil: '2036-07-01' })
    const scored = (date: string) =>
      points({ dwelling: 'single-family', buildYear: 1970, energy: [record] }, date)
    expect(scored('2026-07-01')).toMatchObject({ values: [34], basis: 'label' })
    expect(scored('2026-06-30')).toMatchObject({ values: [-15], basis: 'build-year' })
    expect(scored('2036-06-30').basis).toBe('label')
    expect(scored('2036-07-01')).toMatchObject({ values: [-15], basis: 'build-year' })
  })

  it('counts only final registrations of a scored kind with dates and a label, the first in register order', () => {
    const facts = (energy: EnergyRecord[]) => points({ dwelling: 'single-family', buildYear: 1970, energy })
    expect(facts([label({ status: 'provisional' })]).basis).toBe('build-year')
    expect(facts([label({ kind: 'utility-building' })]).basis).toBe('build-year')
    expect(facts([label({ validUntil: undefined })]).basis).toBe('build-year')
    expect(facts([label({ label: undefined })]).basis).toBe('build-year')
    expect(facts([label({ kind: 'EP2', label: 'C' }), label({ label: 'A' })]).values).toEqual([22])
    expect(
      facts([label({ status: 'draft', label: 'A' }), label({ kind: 'provisional', label: 'D' })]).values,
    ).toEqual([14])
  })

  it('scores an energy index of 2015–2020 by its band: the upper bound inclusive', () => {
    const index = (value: number, validFrom = '2018-05-01') =>
      points({
        dwelling: 'single-family',
        energy: [
          label({ kind: 'energy-index', label: 'G', index: value, validFrom, validUntil: '2028-05-01' }),
        ],
      })
    expect(index(0.6)).toMatchObject({ values: [52], basis: 'energy-index' })
    expect(index(0.61).values).toEqual([47])
    expect(index(0.8).values).toEqual([47])
    expect(index(1.2).values).toEqual([41])
    expect(index(1.4).values).toEqual([34])
    expect(index(1.8).values).toEqual([22])
    expect(index(2.1).values).toEqual([14])
    expect(index(2.4).values).toEqual([-4])
    expect(index(2.7).values).toEqual([-9])
    expect(index(2.71).values).toEqual([-15])
    // Recorded before 2015 or from 2021 on, an energy index scores by its label, like any registration.
    expect(index(0.5, '2014-12-31')).toMatchObject({ values: [-15], basis: 'label' })
    expect(index(0.5, '2015-01-01').values).toEqual([52])
    expect(index(0.5, '2020-12-31').values).toEqual([52])
    expect(index(0.5, '2021-01-01')).toMatchObject({ values: [-15], basis: 'label' })
    expect(indexLabel(3)).toBe('G')
  })

  it('scores by build year without a valid label, each band’s edges', () => {
    const year = (buildYear: number, dwelling: WwsFacts['dwelling'] = 'single-family') =>
      points({ dwelling, buildYear, energy: [] })
    expect(year(1976)).toMatchObject({ values: [-15], basis: 'build-year' })
    expect(year(1977).values).toEqual([-9])
    expect(year(1978).values).toEqual([-9])
    expect(year(1979).values).toEqual([-4])
    expect(year(1983).values).toEqual([-4])
    expect(year(1984).values).toEqual([14])
    expect(year(1991, 'multi-family').values).toEqual([11])
    expect(year(1992, 'multi-family').values).toEqual([15])
    expect(year(1999).values).toEqual([22])
    expect(year(2000).values).toEqual([34])
    expect(year(2001, 'multi-family').values).toEqual([30])
    expect(year(2002).values).toEqual([41])
    expect(year(2025, 'multi-family').values).toEqual([37])
  })

  it('fixes the points with an energy performance fee, whatever the label', () => {
    const fee = (dwelling: WwsFacts['dwelling']) =>
      points({ dwelling, energyPerformanceFee: true, energy: [label({ label: 'A++++' })] })
    expect(fee('single-family')).toMatchObject({ values: [32], basis: 'fee' })
    expect(fee('multi-family').values).toEqual([28])
    expect(fee(undefined)).toMatchObject({ values: [28, 32], missing: ['dwelling'] })
  })

  it('gives a monument 0 for a negative score, keeps a positive one, and allows both when unknown', () => {
    const monument = (value: boolean | undefined, grade: EnergyRecord['label']) =>
      energyPoints({ dwelling: 'single-family', monument: value, energy: [label({ label: grade })] }, DATE)
    expect(monument(true, 'F').values).toEqual([0])
    expect(monument(true, 'E').values).toEqual([0])
    expect(monument(true, 'C').values).toEqual([22])
    expect(monument(false, 'F').values).toEqual([-9])
    expect(monument(undefined, 'G')).toMatchObject({ values: [-15, 0], missing: ['monument'] })
    expect(monument(undefined, 'A')).toMatchObject({ values: [41], missing: [] })
    expect(
      energyPoints({ monument: true, dwelling: 'multi-family', buildYear: 1922, energy: [] }, DATE).values,
    ).toEqual([0])
  })

  it('leaves every value open that an unknown fact allows, and names it', () => {
    expect(points({ buildYear: 1995, energy: [] })).toMatchObject({ values: [15, 22], missing: ['dwelling'] })
    expect(points({ dwelling: 'single-family', energy: [label({ label: 'E' })] }).missing).toEqual([])
    expect(points({ dwelling: 'single-family', energy: [] })).toMatchObject({
      values: [-15, -9, -4, 14, 22, 34, 41],
      basis: 'none',
      missing: ['build_year'],
    })
    const unknown = points({ dwelling: 'multi-family', buildYear: 2010 })
    expect(unknown).toMatchObject({ basis: 'none', missing: ['energy'] })
    expect([unknown.values[0], unknown.values.at(-1)]).toEqual([-15, 58])
  })
})
