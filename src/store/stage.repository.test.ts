import { describe, expect, it } from 'vitest'
import { openStore } from './database.js'
import { clearStage } from './stage.repository.js'

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
