import { describe, expect, it } from 'vitest'
import { fitRunValuationModels } from '../../src/valuate/run-models.js'
import { useSampleStore } from '../helpers/sample-database.js'

const sample = useSampleStore()

describe('fitting the run models', () => {
  it('stores the same models whether the rent model is fitted in a worker thread or not', () => {
    const { sqlite } = sample.store
    const models = () =>
      sqlite.prepare('select kind, model_json from valuation_models order by kind').all() as {
        kind: string
        model_json: string
      }[]
    const now = '2026-11-22T00:00:00.000Z'
    const counted = {
      sequential: fitRunValuationModels(sample.store, 7, now, Number.POSITIVE_INFINITY),
      sequentialModels: models(),
      parallel: fitRunValuationModels(sample.store, 7, now, 0),
      parallelModels: models(),
    }
    expect(counted.sequentialModels.map((m) => m.kind)).toEqual(['rent', 'sale'])
    expect(counted.parallel).toEqual(counted.sequential)
    expect(counted.parallelModels).toEqual(counted.sequentialModels)
  })
})
