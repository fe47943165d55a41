import { describe, expect, it } from 'vitest'
import { COMPARABLE_COLUMNS, type ComparablesText } from './comparable-rows.js'
import { startFitInWorker, startFitWorker } from './fit-in-worker.js'
import { calibrateFor, fittedModel, fitValuationModel, planFit } from './fit-valuation-model.js'
import { syntheticComparables } from './synthetic-comparables.js'
import type { Comparable } from './types.js'

/** Comparables as SQLite would hand them over: one array per row, in the columns' order. */
const asText = (comparables: readonly Comparable[]): ComparablesText => {
  const rows = comparables.map((c) => [
    c.id,
    c.price,
    c.surfaceArea,
    c.postcode,
    c.city,
    c.listedAt,
    c.yearBuilt ?? null,
    c.energyLabel ?? null,
    c.dwellingType ?? null,
    c.wozValue ?? null,
    c.wozReferenceDate ?? null,
  ])
  expect(rows[0]).toHaveLength(COMPARABLE_COLUMNS.length)
  return { count: rows.length, json: JSON.stringify(rows) }
}

describe('fitting in a worker thread', () => {
  it('gives exactly the model the calling thread fits', () => {
    const comparables = syntheticComparables({ seed: 11 })
    const options = { kind: 'sale', fittedAt: '2026-11-22T00:00:00Z' } as const
    const job = startFitInWorker(comparables, options)
    expect(job.wait()).toEqual(fittedModel(fitValuationModel(comparables, options)))
  })

  it('fits comparables handed over as text exactly as the objects they hold', () => {
    const comparables = syntheticComparables({ seed: 9 })
    const options = { kind: 'sale', fittedAt: '2026-11-22T00:00:00Z' } as const
    const job = startFitInWorker(asText(comparables), options)
    expect(job.wait()).toEqual(fittedModel(fitValuationModel(comparables, options)))
  })

  it('fits, once, what a worker started ahead is given later, closed or not', async () => {
    const worker = startFitWorker(30_000)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const comparables = syntheticComparables({ seed: 5 })
    const options = { kind: 'sale', fittedAt: '2026-11-22T00:00:00Z' } as const
    const job = worker.fit(comparables, options)
    expect(() => worker.fit(comparables, options)).toThrow(/fits once/)
    // Closing a worker that was handed a fit leaves the fit to answer (publish closes every worker it started).
    worker.close()
    const started = performance.now()
    const model = job.wait()
    // From the worker, not from the fallback after the wait timed out.
    expect(performance.now() - started).toBeLessThan(15_000)
    expect(model).toEqual(fittedModel(fitValuationModel(comparables, options)))
  }, 60_000)

  /** A sale fit, and the calibration part of another fit (from the next seed). */
  const splitFit = (seed: number) => {
    const other = planFit(syntheticComparables({ seed: seed + 1 }), { fittedAt: '2026-11-22T00:00:00Z' })
    return {
      sale: syntheticComparables({ seed }),
      options: { kind: 'sale', fittedAt: '2026-11-22T00:00:00Z' } as const,
      part: { hedonic: other.hedonic, calibration: other.calibration },
    }
  }

  it('then calibrates the part of another fit it was handed, exactly as the calling thread would', () => {
    const { sale, options, part } = splitFit(12)
    const job = startFitInWorker(sale, options, 30_000, part)
    // The worker took the calibration up before it handed back the model: the calling thread waits for it.
    expect(job.wait()).toEqual(fittedModel(fitValuationModel(sale, options)))
    expect(job.calibration()).toEqual(calibrateFor(part))
  })

  it('leaves the calibration to the calling thread when asked for it while the worker still fits', () => {
    const { sale, options, part } = splitFit(16)
    const job = startFitInWorker(sale, options, 30_000, part)
    // Asked for at once, long before the worker has even loaded its modules; and again.
    expect(job.calibration()).toEqual(calibrateFor(part))
    expect(job.calibration()).toEqual(calibrateFor(part))
    const started = performance.now()
    expect(job.wait()).toEqual(fittedModel(fitValuationModel(sale, options)))
    // From the worker, not from the fallback after the wait timed out.
    expect(performance.now() - started).toBeLessThan(15_000)
  })

  it('calibrates here what is handed over after the model was taken, and takes one part only', () => {
    const { sale, options, part } = splitFit(18)
    const job = startFitInWorker(sale, options)
    expect(job.wait()).toEqual(fittedModel(fitValuationModel(sale, options)))
    job.handOver(part)
    expect(() => job.handOver(part)).toThrow(/handed over already/)
    expect(job.calibration()).toEqual(calibrateFor(part))
  })

  it('leaves both answers to the calling thread when the worker does not answer in time', () => {
    const { sale, options, part } = splitFit(14)
    // A millisecond is far less than the worker needs to load its modules.
    const job = startFitInWorker(sale, options, 1, part)
    expect(job.wait()).toEqual(fittedModel(fitValuationModel(sale, options)))
    expect(job.calibration()).toEqual(calibrateFor(part))
  })

  it('has no calibration to give when it was handed none', () => {
    const job = startFitInWorker(syntheticComparables({ seed: 2 }), { kind: 'sale' })
    job.wait()
    expect(() => job.calibration()).toThrow(/no calibration/)
  })

  it('hands back what the fit threw', () => {
    const job = startFitInWorker(syntheticComparables({ seed: 3 }).slice(0, 3), { kind: 'rent' })
    expect(() => job.wait()).toThrow(/usable comparables/)
  })
})
