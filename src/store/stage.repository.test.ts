import { describe, expect, it } from 'vitest'
import { openStore } from './database.js'
import { clearStage, createStageWriter, OBSERVED_COLUMNS } from './stage.repository.js'

const memo = (runId: number, page: string) => ({
  run_id: runId,
  source_id: 'funda',
  page_key: page,
  content_hash: 'h',
  validity: '2026-11-01',
  yielded_json: '{}',
})

describe('clearStage', () => {
  it("deletes the run's rows, and keeps another run's", async () => {
    const store = await openStore(':memory:')
    await store.db
      .insertInto('stage_page_memos')
      .values([memo(1, 'a'), memo(1, 'b'), memo(2, 'c')])
      .execute()
    clearStage(store.sqlite, 'stage_page_memos', 1)
    const left = await store.db.selectFrom('stage_page_memos').select(['run_id', 'page_key']).execute()
    expect(left).toEqual([{ run_id: 2, page_key: 'c' }])
    clearStage(store.sqlite, 'stage_page_memos', 2)
    expect(await store.db.selectFrom('stage_page_memos').selectAll().execute()).toEqual([])
    await store.close()
  })
})

describe('createStageWriter', () => {
  const observed = {
    source_id: 'funda',
    source_listing_id: '42',
    url: 'https://example.test/42',
    type: 'buy' as const,
    price: 400_000,
    price_on_request: 0,
    street: 'Oude Delft',
    house_number: '12',
    postcode: '2611CC',
    city: 'Delft',
    resolution: 'exact',
  }
  const parsed = (runId: number) => ({
    ...Object.fromEntries(OBSERVED_COLUMNS.map((c) => [c, null])),
    ...observed,
    run_id: runId,
    url: 'https://example.test/42?parsed',
    price: 395_000,
  })

  async function storeWithObservation() {
    const store = await openStore(':memory:')
    await store.db
      .insertInto('observations')
      .values({
        ...observed,
        first_seen: '2026-11-01',
        last_seen: '2026-11-01',
        last_run_id: 1,
        missing_runs: 0,
        status: 'active',
        price_history_json: '[]',
      })
      .execute()
    return store
  }
  const staged = (store: Awaited<ReturnType<typeof storeWithObservation>>) =>
    store.sqlite
      .prepare('select run_id, source_listing_id, url, price from stage_observations order by 2')
      .all()

  it('copies an unchanged listing from its observation, and skips one never observed', async () => {
    const store = await storeWithObservation()
    const writer = createStageWriter(store, () => {})
    writer.addUnchanged(2, 'funda', '42')
    writer.addUnchanged(2, 'funda', 'never-seen')
    writer.flush()
    expect(staged(store)).toEqual([{ run_id: 2, source_listing_id: '42', url: observed.url, price: 400_000 }])
    await store.close()
  })

  it('keeps the parsed version of a listing both parsed and copied in a run, in either order', async () => {
    for (const parsedFirst of [true, false]) {
      const store = await storeWithObservation()
      const writer = createStageWriter(store, () => {})
      if (parsedFirst) writer.add(parsed(2) as never)
      writer.addUnchanged(2, 'funda', '42')
      if (!parsedFirst) writer.add(parsed(2) as never)
      writer.flush()
      expect(staged(store)).toEqual([
        { run_id: 2, source_listing_id: '42', url: 'https://example.test/42?parsed', price: 395_000 },
      ])
      await store.close()
    }
  })
})
