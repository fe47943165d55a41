import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ingestWith } from '../../src/cli/commands/ingest.js'
import type { RunReport } from '../../src/pipeline/ingest.js'
import { openStore, type Store } from '../../src/store/database.js'
import { readPublication } from '../../src/store/publication.repository.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'

const config = testConfig(useTempDir())
let store: Store
const ingest = (reparse = false) => ingestWith(config, store, { sample: true, reparse }, SILENT_LOGGER)
const crawled = (r: RunReport) => r.sources.filter((s) => s.source !== 'feed')

beforeAll(async () => {
  store = await openStore(config.dbPath)
})
afterAll(async () => store.close())

describe('a re-run with nothing new', () => {
  let first: RunReport
  let second: RunReport
  let golden: { bag_id: string; updated_generation: number }[]

  it('parses everything the first time', async () => {
    first = await ingest()
    expect(first.exitCode).toBe(0)
    for (const s of crawled(first)) expect([s.unchanged, s.pagesUnchanged], s.source).toEqual([0, 0])
    // The WAL checkpoint runs after the publish, timed as part of it, and SQLite's own checkpointing is back on.
    expect(first.timings.checkpointMs).toBeGreaterThan(0)
    expect(first.timings.checkpointMs).toBeLessThan(first.timings.publishMs!)
    expect(store.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(640)
    golden = store.sqlite
      .prepare('select bag_id, updated_generation from golden_records order by bag_id')
      .all() as typeof golden
  }, 60_000)

  it('reuses every unchanged page, rewrites no golden record and keeps the generation', async () => {
    second = await ingest()
    expect(second.exitCode).toBe(0)
    for (const s of crawled(second)) {
      expect(s.unchanged, s.source).toBe(s.listings)
      expect(s.pagesUnchanged, s.source).toBe(s.pages)
      expect(s).toMatchObject({ new: 0, updated: 0, withdrawn: 0 })
    }
    expect(second.goldenRecords).toMatchObject({ written: 0, removed: 0 })
    expect(second.generation).toBe(first.generation)
    expect(readPublication(store).generation).toBe(first.generation)
    expect(
      store.sqlite.prepare('select bag_id, updated_generation from golden_records order by bag_id').all(),
    ).toEqual(golden)
    // Normalising and resolving ran only for the feed, whose file is read every time.
    const feed = second.sources.find((s) => s.source === 'feed')!
    expect(first.normalised).toBe(first.sources.reduce((n, s) => n + s.listings, 0))
    expect(second.normalised).toBe(feed.listings)
  }, 60_000)

  it('parses every page again with --reparse, and still changes nothing', async () => {
    const third = await ingest(true)
    for (const s of crawled(third)) expect([s.unchanged, s.pagesUnchanged], s.source).toEqual([0, 0])
    expect(third.sources.every((s) => s.new === 0 && s.updated === 0)).toBe(true)
    expect(third.generation).toBe(first.generation)
  }, 60_000)
})
