import { describe, expect, it } from 'vitest'
import { regulateHomes } from '../../src/publish/regulate-homes.js'
import { readPublication } from '../../src/store/publication.repository.js'
import { fitRunValuationModels } from '../../src/valuate/run-models.js'
import { valueHomes } from '../../src/valuate/value-homes.js'
import { ingestSample, useSampleStore } from '../helpers/sample-database.js'

const sample = useSampleStore()

/** Each home's stored valuation row, by BAG id. */
const stored = () =>
  new Map(
    (
      sample.store.sqlite.prepare('select bag_id, valuation_json, generation from valuations').all() as {
        bag_id: string
        valuation_json: string
        generation: number
      }[]
    ).map((row) => [row.bag_id, row]),
  )

/** Runs `work` in a transaction that is rolled back, as a publish would run it but leaving the sample as it was. */
function rolledBack<T>(work: () => T): T {
  let result: T
  const run = sample.store.sqlite.transaction(() => {
    result = work()
    throw new Error('roll back')
  })
  expect(run).toThrow('roll back')
  return result!
}

describe('valuations computed at publish', () => {
  it('are stored for every Golden Record, stamped with the generation that wrote them', () => {
    const { generation } = readPublication(sample.store)
    const rows = stored()
    const records = sample.store.sqlite.prepare('select count(*) from golden_records').pluck().get()
    expect(rows.size).toBe(records)
    const generations = new Set([...rows.values()].map((r) => r.generation))
    expect(Math.max(...generations)).toBe(generation)
    const valued = [...rows.values()].filter((r) => JSON.parse(r.valuation_json).estimated_price !== null)
    expect(valued.length).toBeGreaterThan(1_000)
  })

  it('are not written again by a publish that changed nothing', async () => {
    const before = readPublication(sample.store).generation
    const report = await ingestSample(sample.config, sample.store)
    expect(report.generation ?? before).toBe(before)
    expect(Math.max(...[...stored().values()].map((r) => r.generation))).toBe(before)
  }, 120_000)

  it('are written again for a home whose record changed, and for no other', () => {
    const rows = stored()
    const id = [...rows.keys()].sort()[0]!
    const counts = rolledBack(() => {
      sample.store.sqlite
        .prepare("update golden_records set year_built = 1931, input_hash = 'changed' where bag_id = ?")
        .run(id)
      return valueHomes(sample.store, 999)
    })
    expect(counts).toEqual({ valued: 1, removed: 0 })
  })

  it('are kept when the models are refitted on the same listings for the same day, and all written when the day moves', () => {
    const next = readPublication(sample.store).generation + 1
    const refit = (now: string) => {
      fitRunValuationModels(sample.store, next, now)
      return valueHomes(sample.store, next).valued
    }
    const valued = rolledBack(() => [
      refit('2030-03-02T09:00:00Z'),
      refit('2030-03-02T15:00:00Z'),
      refit('2030-03-03T09:00:00Z'),
    ])
    expect(valued).toEqual([stored().size, 0, stored().size])
  })

  it('go with the record of a home gone from the BAG', () => {
    const id = [...stored().keys()].sort()[0]!
    const counts = rolledBack(() => {
      sample.store.sqlite.prepare('delete from golden_records where bag_id = ?').run(id)
      return valueHomes(sample.store, 999)
    })
    expect(counts).toEqual({ valued: 0, removed: 1 })
  })

  it('compute the rent regulation again only when the policy date or the facts changed', () => {
    const policyDate = JSON.parse(
      sample.store.sqlite
        .prepare('select rent_regulation_json from valuations where rent_regulation_json is not null limit 1')
        .pluck()
        .get() as string,
    ).policy_date as string
    const dwellings = sample.store.sqlite
      .prepare("select count(*) from golden_records where use_purpose like '%woonfunctie%'")
      .pluck()
      .get()
    const id = sample.store.sqlite
      .prepare('select bag_id from valuations where rent_regulation_json is not null order by bag_id limit 1')
      .pluck()
      .get() as string
    const written = rolledBack(() => [
      regulateHomes(sample.store, policyDate, 99),
      regulateHomes(sample.store, '2030-03-02', 99),
      (() => {
        sample.store.sqlite
          .prepare('update bag_objects set oppervlakte = oppervlakte + 7 where id = ?')
          .run(id)
        return regulateHomes(sample.store, '2030-03-02', 100)
      })(),
      // Only the home whose served regulation changed is stamped with the new generation: what a replica copies.
      sample.store.sqlite.prepare('select bag_id, generation from valuations where generation = 100').all(),
    ])
    expect(written).toEqual([0, dwellings, 1, [{ bag_id: id, generation: 100 }]])
  })
})
