import { describe, expect, it } from 'vitest'
import { openStore, type Store } from './database.js'
import { clearStage, createStageWriter, OBSERVED_COLUMNS } from './stage.repository.js'

const stageRow = (runId: number, id: string) => ({
  ...Object.fromEntries(OBSERVED_COLUMNS.map((c) => [c, null])),
  run_id: runId,
  source_id: 'funda',
  source_listing_id: id,
  url: `https://example.test/${id}`,
  type: 'buy' as const,
  price_on_request: 0,
  resolution: 'unresolved',
})
const stagedIds = (store: Store) =>
  store.sqlite.prepare('select run_id, source_listing_id from stage_observations order by 2').all()

describe('clearStage', () => {
  it("deletes the run's rows, and keeps another run's", async () => {
    const store = await openStore(':memory:')
    await store.db
      .insertInto('stage_observations')
      .values([stageRow(1, 'a'), stageRow(1, 'b'), stageRow(2, 'c')])
      .execute()
    clearStage(store.sqlite, 1)
    expect(stagedIds(store)).toEqual([{ run_id: 2, source_listing_id: 'c' }])
    clearStage(store.sqlite, 2)
    expect(stagedIds(store)).toEqual([])
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
    createStageWriter(store).write(
      [],
      [
        [2, 'funda', '42', 'list'],
        [2, 'funda', 'never-seen', 'list'],
      ],
    )
    expect(staged(store)).toEqual([{ run_id: 2, source_listing_id: '42', url: observed.url, price: 400_000 }])
    await store.close()
  })

  it('keeps the parsed version of a listing both parsed and copied in a run: in one batch, or in either order', async () => {
    const copied = [2, 'funda', '42', 'list'] as const
    const orders = [
      [{ rows: [parsed(2)], unchanged: [copied] }],
      [
        { rows: [parsed(2)], unchanged: [] },
        { rows: [], unchanged: [copied] },
      ],
      [
        { rows: [], unchanged: [copied] },
        { rows: [parsed(2)], unchanged: [] },
      ],
    ]
    for (const batches of orders) {
      const store = await storeWithObservation()
      const writer = createStageWriter(store)
      for (const batch of batches) writer.write(batch.rows as never[], batch.unchanged)
      expect(staged(store)).toEqual([
        { run_id: 2, source_listing_id: '42', url: 'https://example.test/42?parsed', price: 395_000 },
      ])
      await store.close()
    }
  })
})
