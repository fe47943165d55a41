import { describe, expect, it } from 'vitest'
import { startFitWorker } from '../../src/valuate/fit-in-worker.js'
import { fitRunValuationModels } from '../../src/valuate/run-models.js'
import { useSampleStore } from '../helpers/sample-database.js'

const sample = useSampleStore()

describe('fitting the run models', () => {
  it('stores the same models whether they are fitted in worker threads or not, and runs the side work once', () => {
    const { sqlite } = sample.store
    const models = () =>
      sqlite.prepare('select kind, model_json from valuation_models order by kind').all() as {
        kind: string
        model_json: string
      }[]
    const now = '2026-11-22T00:00:00.000Z'
    const calls = { sequential: 0, parallel: 0 }
    const workers = [startFitWorker()]
    const counted = {
      sequential: fitRunValuationModels(sample.store, 7, now, {
        parallelFrom: Number.POSITIVE_INFINITY,
        whileFitting: () => calls.sequential++,
      }),
      sequentialModels: models(),
      parallel: fitRunValuationModels(sample.store, 7, now, {
        parallelFrom: 0,
        workers,
        whileFitting: () => calls.parallel++,
      }),
      parallelModels: models(),
    }
    expect(counted.sequentialModels.map((m) => m.kind)).toEqual(['rent', 'sale'])
    expect(counted.parallel).toEqual(counted.sequential)
    expect(counted.parallelModels).toEqual(counted.sequentialModels)
    expect(calls).toEqual({ sequential: 1, parallel: 1 })
    // The sale fit took the worker started ahead.
    expect(workers).toEqual([])
  })
})
