import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { useSampleStore } from '../../test/helpers/sample-database.js'
import { sourcePriority } from '../cli/commands/import.js'
import { publishRun, type SourceResult } from '../publish/publish-run.js'
import { openStore, type Store } from '../store/database.js'
import { readPublication } from '../store/publication.repository.js'
import type { GoldenRecordTable } from '../store/schema.js'
import { OBSERVED_COLUMNS } from '../store/stage.repository.js'
import { type MergeAhead, startMergeAhead } from './merge-ahead.js'
import { createMergeInputLoader, factsKey } from './merge-inputs.js'
import type { StoredHashes } from './write-golden-records.js'

/**
 * The merge takes the worker's rows only where they are ready, and on a sample this small its own thread builds every
 * record before the worker's first chunk arrives. Here the merge waits for each chunk instead, so that the publish
 * below is made of the worker's rows. (A port can be read while this thread is blocked: the worker posts regardless.)
 */
vi.mock(import('./merge-ahead.js'), async (original) => {
  const actual = await original()
  const pause = new Int32Array(new SharedArrayBuffer(4))
  return {
    ...actual,
    startMergeAhead(job) {
      const ahead = actual.startMergeAhead(job)
      return {
        next() {
          for (;;) {
            const chunk = ahead.next()
            if (chunk !== undefined) return chunk
            Atomics.wait(pause, 0, 0, 5)
          }
        },
        stop: (timeoutMs) => ahead.stop(timeoutMs),
      }
    },
  }
})

const sample = useSampleStore()
/** After the sample's run, which ran at the real time. */
const NOW = new Date(Date.now() + 86_400_000).toISOString()
const TODAY = new Date().toISOString().slice(0, 10)
const STAGE_COLUMNS = ['run_id', 'source_id', 'source_listing_id', ...OBSERVED_COLUMNS]

type Row = Record<string, unknown>
let runId = 0
let sources: SourceResult[] = []
/** A home whose register facts changed in run 2, and nothing else. */
let registerChanged = ''
/** Copies of the database once run 2 is staged, for the publish with and without the worker. */
const copies = { ahead: '', alone: '' }

/**
 * Stages a second run over the sample's published observations, with every case the worker must predict: most
 * listings seen again as they were, some changed, one moved to another home, one no longer resolved, one that
 * returns after it was withdrawn, new ones (two of one source for one home, which the merge orders by insertion),
 * a source whose layout changed (its rows are not applied), and a home whose register facts changed.
 */
beforeAll(() => {
  const { sqlite } = sample.store
  runId = Number(
    sqlite
      .prepare(
        "insert into runs (kind, started_at, status, mode, sources) values ('ingest', ?, 'running', 'full', '[]')",
      )
      .run(NOW).lastInsertRowid,
  )
  const published = sqlite
    .prepare('select * from observations where bag_vbo_id is not null order by id')
    .all() as Row[]
  const sourceIds = [...new Set(published.map((o) => o.source_id as string))]
  expect(sourceIds.length).toBeGreaterThanOrEqual(3)
  const broken = sourceIds.at(-1)!
  sources = sourceIds.map((sourceId) => ({ sourceId, completed: true, publishable: sourceId !== broken }))
  const stage = sqlite.prepare(
    `insert into stage_observations (${STAGE_COLUMNS}) values (${STAGE_COLUMNS.map((c) => `@${c}`)})`,
  )
  const put = (row: Row) =>
    stage.run(Object.fromEntries(STAGE_COLUMNS.map((c) => [c, c === 'run_id' ? runId : (row[c] ?? null)])))
  const homes = published.map((o) => o.bag_vbo_id as string)
  const unlisted = sqlite
    .prepare(
      'select id from bag_objects where id not in (select bag_vbo_id from observations where bag_vbo_id is not null) limit 1',
    )
    .pluck()
    .get() as string
  published.forEach((o, i) => {
    if (i % 7 === 1) put({ ...o, energy_label: o.energy_label === 'A' ? 'C' : 'A', year_built: 1931 })
    else if (i % 7 === 2) put({ ...o, surface_area: ((o.surface_area as number | null) ?? 50) + 3 })
    else if (i === 3) put({ ...o, bag_vbo_id: homes[10] })
    else if (i === 4) put({ ...o, bag_vbo_id: null })
    else if (i % 11 !== 5) put(o)
  })
  const returning = published.find((o, i) => i % 11 === 5 && o.source_id !== broken)!
  sqlite
    .prepare("update observations set status = 'withdrawn', missing_runs = 2 where id = ?")
    .run(returning.id)
  put(returning)
  const template = published.find((o) => o.source_id === sourceIds[0])!
  put({
    ...template,
    source_listing_id: 'new-b',
    bag_vbo_id: homes[20],
    energy_label: 'B',
    dwelling_type: 'house',
  })
  put({
    ...template,
    source_listing_id: 'new-a',
    bag_vbo_id: homes[20],
    energy_label: 'D',
    dwelling_type: 'apartment',
  })
  put({ ...template, source_listing_id: 'new-c', bag_vbo_id: unlisted, year_built: 1899 })
  registerChanged = homes.find((h) => !homes.slice(0, 40).includes(h) && h !== homes[10]) ?? homes[30]!
  sqlite
    .prepare('insert into register_changes (object_id, changed_at) values (?, ?)')
    .run(registerChanged, NOW)
  for (const name of ['ahead', 'alone'] as const) {
    copies[name] = join(sample.config.dataDir, `${name}.db`)
    sqlite.prepare('vacuum into ?').run(copies[name])
  }
})

const publish = (store: Store, aheadFrom: number) =>
  publishRun(store, { runId, sources, withdrawAfterRuns: 2, priority: sourcePriority, now: NOW, aheadFrom })

/** Every row the worker delivers, by home, once it is done. */
async function collect(
  ahead: MergeAhead,
): Promise<Map<string, { key: string; row: GoldenRecordTable | null; stored: StoredHashes }>> {
  const rows = new Map<string, { key: string; row: GoldenRecordTable | null; stored: StoredHashes }>()
  const deadline = Date.now() + 60_000
  for (let chunk = ahead.next(); chunk !== 'done'; chunk = ahead.next()) {
    if (Date.now() > deadline) throw new Error('the worker did not finish')
    if (!chunk) await sleep(20)
    else
      for (const [i, id] of chunk.ids.entries())
        rows.set(id, { key: chunk.keys[i]!, row: chunk.rows[i]!, stored: chunk.stored[i]! })
  }
  return rows
}

const goldenRows = (store: Store) =>
  store.sqlite.prepare('select * from golden_records order by bag_id').all() as GoldenRecordTable[]

describe('golden rows computed ahead', () => {
  it('are, home for home, the rows the publish writes, from the listing facts it reads', async () => {
    const { store } = sample
    const ranks = Object.fromEntries(
      [...new Set(store.sqlite.prepare('select source_id from observations').pluck().all() as string[])].map(
        (s) => [s, sourcePriority(s)],
      ),
    )
    const generation = readPublication(store).generation + 1
    const ahead = startMergeAhead({
      path: store.path,
      runId,
      sourceIds: sources.filter((s) => s.publishable).map((s) => s.sourceId),
      now: NOW,
      generation,
      today: TODAY,
      ranks,
    })
    try {
      const delivered = await collect(ahead)
      const hashesBefore = (table: string) =>
        new Map(
          store.sqlite.prepare(`select bag_id, input_hash from ${table}`).raw().all() as [string, string][],
        )
      const [listedBefore, unlistedBefore] = [
        hashesBefore('golden_records_listed'),
        hashesBefore('golden_records_unlisted'),
      ]
      // Published without the worker: what the merge reads and writes on its own.
      const report = publish(store, Number.POSITIVE_INFINITY)
      expect(report.generation).toBe(generation)
      const merged = [
        ...(store.sqlite.prepare('select bag_id from publish_homes').pluck().all() as string[]),
        registerChanged,
      ]
      expect(merged.length).toBeGreaterThan(20)
      const loader = createMergeInputLoader(store, { today: TODAY })
      const written = new Map(goldenRows(store).map((r) => [r.bag_id, r]))
      const facts = loader.loadFacts(merged)
      for (const id of merged) {
        const got = delivered.get(id)
        expect(got, id).toBeDefined()
        expect(got!.key, id).toBe(factsKey(facts.get(id) ?? []))
        expect(got!.stored, id).toEqual([listedBefore.get(id) ?? null, unlistedBefore.get(id) ?? null])
        const { updated_generation: _w, ...stored } = written.get(id)!
        const { updated_generation: _a, ...computed } = got!.row!
        expect(computed, id).toEqual(stored)
      }
      // Nothing more: the worker merged exactly the homes the publish did.
      expect(delivered.size).toBe(new Set(merged).size)
    } finally {
      ahead.stop()
    }
  }, 120_000)

  it('leave the published records exactly as a publish without them does', async () => {
    const withWorker = await openStore(copies.ahead)
    const alone = await openStore(copies.alone)
    try {
      const a = publish(withWorker, 0)
      const b = publish(alone, Number.POSITIVE_INFINITY)
      expect({ ...a.goldenRecords, ahead: 0 }).toEqual(b.goldenRecords)
      expect(a.goldenRecords.written).toBeGreaterThan(20)
      // Every row came from the worker (see the mock above): the records below are its work, against the merge's own.
      expect(a.goldenRecords.ahead).toBe(a.goldenRecords.written)
      expect(goldenRows(withWorker)).toEqual(goldenRows(alone))
    } finally {
      await withWorker.close()
      await alone.close()
    }
  }, 120_000)
})
