import { statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importEnergyLabels } from '../../src/registers/import-energy-labels.js'
import { openStore, type Store } from '../../src/store/database.js'
import { defaultSourcePriority } from '../helpers/registry.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { writeLargeLabelFile } from './large-label-file.js'

const dir = useTempDir()
const ROWS = 300_000
let store: Store
let file: string
let malformed = 0

beforeAll(async () => {
  file = join(dir, 'large.csv')
  malformed = (await writeLargeLabelFile(file, ROWS)).malformed
  // No memory map: RSS then counts what the import holds, not the file pages SQLite mapped in.
  store = await openStore(join(dir, 'large.db'), { mmapBytes: 0 })
}, 60_000)
afterAll(async () => store.close())

describe('importing a large label file', () => {
  it('streams it with flat memory, counting the broken rows, and reports its speed', async () => {
    const samples: { rows: number; heap: number; rss: number }[] = []
    const report = await importEnergyLabels(store, file, {
      priority: defaultSourcePriority,
      today: '2026-11-22',
      onProgress: (rows) => {
        const m = process.memoryUsage()
        samples.push({ rows, heap: m.heapUsed + m.external, rss: m.rss })
      },
    })
    expect(report.rows).toBe(ROWS)
    expect(report.skipped).toEqual({ malformed })
    expect(report.labels + malformed).toBe(ROWS)
    // Registrations from 2012–2016 have expired; every other object keeps its newest one.
    expect(report.expired).toBeGreaterThan(0)
    expect(report.objects).toBeGreaterThan(0.5 * (ROWS / 1.6))
    expect(report.objects + report.superseded + report.expired).toBe(report.labels)
    const mb = (n: number) => Math.round(n / 2 ** 20)
    const third = samples[Math.floor(samples.length / 3)]!
    const peakHeap = Math.max(...samples.map((s) => s.heap))
    const peakRss = Math.max(...samples.map((s) => s.rss))
    // Flat: past the first third nothing grows with the file but SQLite's page cache (64 MiB at most); the JS side
    // holds one batch at a time, plus whatever garbage V8 has not collected yet.
    expect(mb(peakRss - third.rss)).toBeLessThan(150)
    expect(mb(peakHeap)).toBeLessThan(400)
    process.stdout.write(
      `label import: ${ROWS.toLocaleString('en')} rows (${mb(statSync(file).size)} MB) at ${report.rowsPerSecond.toLocaleString('en')} rows/s; ` +
        `RSS ${mb(third.rss)} MB at a third, peak ${mb(peakRss)} MB; peak heap+external ${mb(peakHeap)} MB\n`,
    )
  }, 120_000)
})
