import { describe, expect, it } from 'vitest'
import { useSampleStore } from '../../test/helpers/sample-database.js'
import { OBSERVED_COLUMNS } from '../store/stage.repository.js'
import { applyStagedObservations } from './observations.js'
import { preparePublishScratch } from './publish-scratch.js'

const sample = useSampleStore()

type Row = Record<string, unknown>

/** Stages `row` for a new run and publishes its source in a transaction that is rolled back; returns the counts. */
function publishStaged(row: Row) {
  const { sqlite } = sample.store
  const columns = ['run_id', 'source_id', 'source_listing_id', ...OBSERVED_COLUMNS]
  sqlite.exec('begin')
  try {
    preparePublishScratch(sqlite, () => 1)
    sqlite
      .prepare(`insert into stage_observations (${columns}) values (${columns.map((c) => `@${c}`)})`)
      .run(Object.fromEntries(columns.map((c) => [c, row[c] ?? null])))
    const run = {
      runId: row.run_id as number,
      sourceId: row.source_id as string,
      now: '2026-11-23T00:00:00.000Z',
    }
    const counts = applyStagedObservations(sqlite, run)
    const touched = sqlite.prepare('select count(*) from publish_touched').pluck().get()
    return { ...counts, touched }
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
    const seenAgain = { ...stored, run_id: 1_000_000 }
    expect(publishStaged(seenAgain)).toEqual({ new: 0, updated: 0, touched: 0 })
    for (const column of OBSERVED_COLUMNS) {
      const value = stored[column]
      const changed = typeof value === 'number' ? value + 1 : `${value ?? ''}x`
      expect({ column, ...publishStaged({ ...seenAgain, [column]: changed }) }).toEqual({
        column,
        new: 0,
        updated: 1,
        touched: 1,
      })
      if (value !== null && !notNull.has(column)) {
        expect({ column, ...publishStaged({ ...seenAgain, [column]: null }) }).toMatchObject({ updated: 1 })
      }
    }
  })
})
