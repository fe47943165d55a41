import { describe, expect, it } from 'vitest'
import { useSampleStore } from '../../test/helpers/sample-database.js'
import { OBSERVED_COLUMNS } from '../store/stage.repository.js'
import { applyStagedObservations } from './observations.js'
import { priceHistoryJson } from './price-history.js'
import { preparePublishScratch } from './publish-scratch.js'

const sample = useSampleStore()
/** A run after the sample's, which ran at the real time: a price point at a fixed date would sort before its own. */
const NOW = new Date(Date.now() + 86_400_000).toISOString()

type Row = Record<string, unknown>

/**
 * Stages `row` for a new run and publishes its source in a transaction that is rolled back; returns the counts, and
 * the price history the observation of `row` kept next to the one `price_history` gives now.
 */
function publishStaged(row: Row) {
  const { sqlite } = sample.store
  const columns = ['run_id', 'source_id', 'source_listing_id', ...OBSERVED_COLUMNS, 'verified_by']
  sqlite.exec('begin')
  try {
    preparePublishScratch(sqlite)
    sqlite
      .prepare(`insert into stage_observations (${columns}) values (${columns.map((c) => `@${c}`)})`)
      .run(Object.fromEntries(columns.map((c) => [c, row[c] ?? null])))
    const run = {
      runId: row.run_id as number,
      sourceId: row.source_id as string,
      now: NOW,
    }
    const counts = applyStagedObservations(sqlite, run)
    const touched = sqlite.prepare('select count(*) from publish_touched').pluck().get()
    const history = sqlite
      .prepare(
        `select price_history_json as kept, ${priceHistoryJson('id')} as fresh from observations
          where source_id = ? and source_listing_id = ?`,
      )
      .get(row.source_id, row.source_listing_id) as { kept: string; fresh: string }
    const after = sqlite
      .prepare('select * from observations where source_id = ? and source_listing_id = ?')
      .get(row.source_id, row.source_listing_id) as Row
    return { ...counts, touched, history, after }
  } finally {
    sqlite.exec('rollback')
  }
}

describe('applyStagedObservations', () => {
  it('counts a listing as updated when any observed column differs, null included, and only then', () => {
    const { sqlite } = sample.store
    const stored = sqlite
      .prepare(
        "select * from observations where status = 'active' and price is not null and surface_area is not null and bag_vbo_id is not null limit 1",
      )
      .get() as Row
    const notNull = new Set(
      (sqlite.pragma('table_info(stage_observations)') as { name: string; notnull: number }[])
        .filter((c) => c.notnull)
        .map((c) => c.name),
    )
    // Seen again through its unchanged card: its lifecycle and freshness move, nothing else.
    const seenAgain = { ...stored, run_id: 1_000_000, verified_by: 'list' }
    const lifecycle = {
      last_seen: NOW,
      last_run_id: 1_000_000,
      missing_runs: 0,
      status: 'active',
      verified_at: NOW,
      verified_by: 'list',
    }
    expect(publishStaged(seenAgain)).toMatchObject({
      new: 0,
      updated: 0,
      touched: 0,
      after: { ...stored, ...lifecycle, price_history_json: stored.price_history_json },
    })
    for (const column of OBSERVED_COLUMNS) {
      const value = stored[column]
      const changed = typeof value === 'number' ? value + 1 : `${value ?? ''}x`
      expect({ column, ...publishStaged({ ...seenAgain, [column]: changed }) }).toMatchObject({
        column,
        new: 0,
        updated: 1,
        touched: 1,
        after: { [column]: changed, ...lifecycle },
      })
      if (value !== null && !notNull.has(column)) {
        expect({ column, ...publishStaged({ ...seenAgain, [column]: null }) }).toMatchObject({ updated: 1 })
      }
    }
  })

  it("keeps each observation's price history as price_history gives it, for a new price and a new listing", () => {
    const { sqlite } = sample.store
    const stored = sqlite
      .prepare("select * from observations where status = 'active' and price is not null limit 1")
      .get() as Row
    const repriced = publishStaged({ ...stored, run_id: 1_000_000, price: (stored.price as number) + 1_000 })
    expect(repriced.history.kept).toBe(repriced.history.fresh)
    expect(JSON.parse(repriced.history.kept).at(-1)).toEqual({
      observed_at: NOW,
      price: (stored.price as number) + 1_000,
    })
    const fresh = publishStaged({
      ...stored,
      run_id: 1_000_000,
      source_listing_id: 'never-seen',
      price: 1_250,
    })
    expect(fresh).toMatchObject({ new: 1, history: { kept: fresh.history.fresh } })
    expect(JSON.parse(fresh.history.kept)).toEqual([{ observed_at: NOW, price: 1_250 }])
  })
})
