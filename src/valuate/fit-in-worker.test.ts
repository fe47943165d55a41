import { describe, expect, it } from 'vitest'
import { fittedModel, startFitInWorker, startFitWorker } from './fit-in-worker.js'
import { fitValuationModel } from './fit-valuation-model.js'
import { syntheticComparables } from './synthetic-comparables.js'

describe('fitting in a worker thread', () => {
  it('gives exactly the model the calling thread fits', () => {
    const comparables = syntheticComparables({ seed: 11 })
    const options = { kind: 'sale', fittedAt: '2026-11-22T00:00:00Z' } as const
    const job = startFitInWorker(comparables, options)
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

  it('hands back what the fit threw', () => {
    const job = startFitInWorker(syntheticComparables({ seed: 3 }).slice(0, 3), { kind: 'rent' })
    expect(() => job.wait()).toThrow(/usable comparables/)
  })
})
