import { describe, expect, it } from 'vitest'
import type { FillRates } from './fill-rates.js'
import { judgeSourceRun, MIN_FILL_SAMPLE } from './source-health.js'

const LIMITS = { maxRejectPercent: 20 }
const FULL: FillRates = {
  price: 100,
  surface_area: 95,
  postcode: 98,
  house_number: 100,
  street: 100,
  listed_at: 60,
}

/** A whole run of `listings` valid listings, parsed with the given fill rates. */
const run = (listings: number, rates: Partial<FillRates> = {}, whole = true) => ({
  listings,
  rejected: 0,
  whole,
  fill: { parsed: listings, rates: { ...FULL, ...rates } },
})

const history = (listings: readonly number[], fill: readonly Partial<FillRates>[] = []) => ({
  recentListings: listings,
  recentFill: fill,
})

describe('judging a run by its fill rates', () => {
  it('a run without history is healthy, and its rates become a baseline', () => {
    const verdict = judgeSourceRun(run(212), history([]), LIMITS)
    expect(verdict).toEqual({ findings: [], baseline: true, fillBaseline: FULL, publish: true })
  })

  it('a field filled 20 points or more below its median degrades the run and keeps its listings unpublished', () => {
    const verdict = judgeSourceRun(
      run(200, { postcode: 41 }),
      history([212, 210], [FULL, FULL, { ...FULL, postcode: 90 }]),
      LIMITS,
    )
    expect(verdict.findings).toEqual([
      {
        check: 'fill-rate',
        message: 'postcode fill 98 % → 41 % (median of 3); a fall of 20 points or more',
      },
    ])
    expect(verdict.publish).toBe(false)
    // A fall that lasts becomes the median after a few runs, as a fall of the count does.
    expect(verdict.fillBaseline).toMatchObject({ postcode: 41 })
  })

  it('names every field that fell, and a fall of less than 20 points is no finding', () => {
    const verdict = judgeSourceRun(
      run(200, { price: 75, surface_area: 76, listed_at: 40 }),
      history([200], [FULL]),
      LIMITS,
    )
    expect(verdict.findings.map((f) => f.message)).toEqual([
      'price fill 100 % → 75 % (median of 1), listing date fill 60 % → 40 % (median of 1); a fall of 20 points or more',
    ])
  })

  it('compares a run cut short too, but not one that parsed too few listings to say', () => {
    const cut = judgeSourceRun(run(MIN_FILL_SAMPLE, { postcode: 0 }, false), history([200], [FULL]), LIMITS)
    expect(cut.findings.map((f) => f.check)).toEqual(['fill-rate'])
    const few = judgeSourceRun(
      run(MIN_FILL_SAMPLE - 1, { postcode: 0 }, false),
      history([200], [FULL]),
      LIMITS,
    )
    expect(few).toMatchObject({ findings: [], fillBaseline: null, publish: true })
  })

  it('ignores a field older baselines did not record', () => {
    const verdict = judgeSourceRun(run(200, { listed_at: 0 }), history([200], [{ postcode: 98 }]), LIMITS)
    expect(verdict.findings).toEqual([])
  })

  it('rates of a run with too many rejects are no baseline; its listings still publish', () => {
    const verdict = judgeSourceRun({ ...run(100), rejected: 100 }, history([]), LIMITS)
    expect(verdict).toMatchObject({ baseline: false, fillBaseline: null, publish: true })
    expect(verdict.findings.map((f) => f.check)).toEqual(['rejects'])
  })

  it('a count that halves is a finding of its own, and those listings still publish', () => {
    const verdict = judgeSourceRun(run(96), history([212, 210, 215, 205, 220], [FULL]), LIMITS)
    expect(verdict.findings.map((f) => f.check)).toEqual(['listing-count'])
    expect(verdict.publish).toBe(true)
  })
})
