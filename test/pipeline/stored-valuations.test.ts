import { afterAll, describe, expect, it, vi } from 'vitest'
import { regulateHomes } from '../../src/publish/regulate-homes.js'
import { collectTouchedHomes, TOUCHED_HOMES } from '../../src/publish/touched-homes.js'
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
      return valueHomes(sample.store, 999, null)
    })
    expect(counts).toEqual({ valued: 1, removed: 0 })
  })

  it('are kept when the models are refitted on the same listings a day later, and all written a week later', () => {
    const next = readPublication(sample.store).generation + 1
    const refit = (now: string) => {
      const models = fitRunValuationModels(sample.store, next, now)
      return [models.sale.model, models.rent.model, valueHomes(sample.store, next, null).valued]
    }
    const valued = rolledBack(() => [
      refit('2030-03-02T09:00:00Z'),
      refit('2030-03-02T15:00:00Z'),
      refit('2030-03-03T09:00:00Z'),
      refit('2030-03-09T09:00:00Z'),
    ])
    expect(valued).toEqual([
      ['refitted', 'refitted', stored().size],
      ['kept', 'kept', 0],
      ['kept', 'kept', 0],
      ['refitted', 'refitted', stored().size],
    ])
  })

  it('go with the record of a home gone from the BAG', () => {
    const id = [...stored().keys()].sort()[0]!
    const counts = rolledBack(() => {
      sample.store.sqlite.prepare('delete from golden_records where bag_id = ?').run(id)
      return valueHomes(sample.store, 999, null)
    })
    expect(counts).toEqual({ valued: 0, removed: 1 })
  })

  it('compute the rent regulation again only when the rules in force or the facts changed', () => {
    const next = readPublication(sample.store).generation + 1
    const policyDate = storedPolicyDate()
    const id = firstRegulated()
    const written = rolledBack(() => [
      regulateHomes(sample.store, policyDate, next, null),
      regulateHomes(sample.store, dayAfter(policyDate), next, touched([])),
      // A new year: other WOZ values count.
      regulateHomes(sample.store, NEXT_JULY, next, touched([])),
      (() => {
        sample.store.sqlite
          .prepare('update bag_objects set oppervlakte = oppervlakte + 7 where id = ?')
          .run(id)
        return [
          regulateHomes(sample.store, NEXT_JULY, next, touched([])),
          regulateHomes(sample.store, NEXT_JULY, next, touched([id])),
        ]
      })(),
    ])
    expect(written).toEqual([0, 0, dwellings(), [0, 1]])
  })

  it('compute the rent regulation again of a home whose label stops being valid, touched or not', () => {
    const next = readPublication(sample.store).generation + 1
    const policyDate = storedPolicyDate()
    const id = firstRegulated()
    const written = rolledBack(() => {
      sample.store.sqlite
        .prepare(
          `insert or replace into energy_labels (object_id, label, registered_at, valid_until, recorded_at, origin, fetched_at)
           values (?, 'A', '2020-01-01', ?, '2020-01-01', 'api', '2020-01-01')`,
        )
        .run(id, dayAfter(policyDate))
      return [
        regulateHomes(sample.store, policyDate, next, touched([id])),
        regulateHomes(sample.store, dayAfter(policyDate), next, touched([])),
        regulateHomes(sample.store, dayAfter(dayAfter(policyDate)), next, touched([])),
      ]
    })
    expect(written).toEqual([1, 1, 0])
  })
})

describe('a publish with nothing new on another day', () => {
  afterAll(() => vi.useRealTimers())

  it('writes no valuation and no rent regulation, and keeps the generation', async () => {
    const before = readPublication(sample.store).generation
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(`${dayAfter(storedPolicyDate())}T10:00:00Z`) })
    const report = await ingestSample(sample.config, sample.store)
    vi.useRealTimers()
    const rewritten = sample.store.sqlite
      .prepare('select count(*) from valuations where generation > ? or regulation_generation > ?')
      .pluck()
      .get(before, before)
    expect(rewritten).toBe(0)
    expect(report.generation ?? before).toBe(before)
  }, 120_000)
})

/** A policy date past the next 1 July: the year, and so which WOZ values count, is another. */
const NEXT_JULY = '2027-07-02'

/** The policy date the sample's regulations were computed on. */
const storedPolicyDate = () =>
  JSON.parse(
    sample.store.sqlite
      .prepare('select rent_regulation_json from valuations where rent_regulation_json is not null limit 1')
      .pluck()
      .get() as string,
  ).policy_date as string

const dayAfter = (date: string) => new Date(Date.parse(date) + 86_400_000).toISOString().slice(0, 10)

/** The first home with a rent regulation. */
const firstRegulated = () =>
  sample.store.sqlite
    .prepare('select bag_id from valuations where rent_regulation_json is not null order by bag_id limit 1')
    .pluck()
    .get() as string

/** How many Golden Records are dwellings. */
const dwellings = () =>
  sample.store.sqlite
    .prepare("select count(*) from golden_records where use_purpose like '%woonfunctie%'")
    .pluck()
    .get()

/** The table of touched homes, holding only `ids`: as a publish that touched only them would fill it. */
function touched(ids: string[]): string {
  const none = { generation: Number.MAX_SAFE_INTEGER, now: '9999-12-31' }
  collectTouchedHomes(sample.store, ids, none, none.now)
  return TOUCHED_HOMES
}
