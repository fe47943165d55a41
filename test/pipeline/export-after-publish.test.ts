import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportPublished } from '../../src/export/export-after-publish.js'
import type { Manifest } from '../../src/export/write-export.js'
import { recordImport } from '../../src/registers/record-import.js'
import { readPublication } from '../../src/store/publication.repository.js'
import { useSampleStore } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir('propdata-export-after-')
const exportDir = join(dir, 'exports')
const sample = useSampleStore({ exportDir, exportKeep: 2 })

/** The stored report of run `id`, as `runs show` reads it. */
function storedReport(id: number): Record<string, unknown> {
  const row = sample.store.sqlite.prepare('select report_json from runs where id = ?').get(id) as {
    report_json: string
  }
  return JSON.parse(row.report_json) as Record<string, unknown>
}

/** The id of the newest run of `kind`. */
const lastRun = (kind: string) =>
  (sample.store.sqlite.prepare('select max(id) as id from runs where kind = ?').get(kind) as { id: number })
    .id

describe('PROPDATA_EXPORT_DIR', () => {
  it('an ingest that publishes exports the generation into DIR/<generation>/ and says so in its report', () => {
    const { generation } = readPublication(sample.store)
    const manifest = JSON.parse(
      readFileSync(join(exportDir, String(generation), 'manifest.json'), 'utf8'),
    ) as Manifest
    expect([manifest.generation, manifest.format]).toEqual([generation, 'parquet'])
    expect(manifest.tables.map((t) => t.name)).toEqual([
      'listings',
      'golden_records',
      'price_history',
      'sources',
      'runs',
    ])
    const report = storedReport(lastRun('ingest'))
    expect(report.export).toMatchObject({ dir: join(exportDir, String(generation)), generation })
    expect((report.export as { rows: number }).rows).toBe(manifest.tables.reduce((n, t) => n + t.rows, 0))
    // The exported runs table already holds this run finished, with the report it ended with.
    expect(manifest.tables.find((t) => t.name === 'runs')!.rows).toBe(lastRun('ingest'))
  })

  it('an import that publishes is exported too; one that publishes nothing is not', async () => {
    const { generation } = readPublication(sample.store)
    const settings = { settings: { exportDir: join(dir, 'imports'), exportKeep: 7 }, logger: SILENT_LOGGER }
    const published = await recordImport(sample.store, 'bag', 'file', async () => ({ generation }), settings)
    expect(published.export).toMatchObject({ generation })
    expect(storedReport(lastRun('import-bag')).export).toEqual(published.export)
    expect(existsSync(join(dir, 'imports', String(generation), 'manifest.json'))).toBe(true)
    const nothing = await recordImport(
      sample.store,
      'bag',
      'file',
      async () => ({ generation: null }),
      settings,
    )
    expect(nothing.export).toBeUndefined()
    expect(storedReport(lastRun('import-bag')).export).toBeUndefined()
  }, 60_000)

  it('keeps the newest PROPDATA_EXPORT_KEEP generations and leaves other files alone', async () => {
    const keep = join(dir, 'keep')
    for (const old of ['2', '10', 'notes']) mkdirSync(join(keep, old), { recursive: true })
    writeFileSync(join(keep, 'README'), 'x')
    const settings = { exportDir: keep, exportKeep: 2 }
    await exportPublished(sample.store, settings, lastRun('ingest'), { generation: 11 })
    expect(readdirSync(keep).sort()).toEqual(['10', '11', 'README', 'notes'])
  }, 60_000)

  it('a failed export is reported in the run report, logged, and does not fail the run', async () => {
    const blocked = join(dir, 'a-file')
    writeFileSync(blocked, '')
    const runId = lastRun('ingest')
    const warnings: string[] = []
    const logger = { ...SILENT_LOGGER, warn: (m: string) => warnings.push(m) }
    const report = await exportPublished(
      sample.store,
      { exportDir: blocked, exportKeep: 7 },
      runId,
      { generation: 5 },
      logger,
    )
    expect(report.export).toMatchObject({ dir: join(blocked, '5'), generation: 5 })
    expect((report.export as { error: string }).error).toMatch(/EEXIST|ENOTDIR/)
    expect(storedReport(runId).export).toEqual(report.export)
    expect(warnings).toEqual([
      expect.stringMatching(/^Export of generation 5 to .* failed \(the publish stands\)/),
    ])
    const run = sample.store.sqlite.prepare('select status from runs where id = ?').get(runId) as {
      status: string
    }
    expect(run.status).toBe('succeeded')
  })
})
