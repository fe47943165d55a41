import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EXPORT_TABLES } from '../src/export/export-tables.js'
import { type BenchTable, defineBench, interleave, median } from './support/bench.js'
import { nationalOrSample } from './support/national.js'

/** A measurement made by `export/export-child.ts`. */
interface Measured {
  readonly rows: number
  readonly ms: number
  readonly bytes: number
  readonly peakRssMiB: number
}

const CHILD = join(import.meta.dirname, 'export', 'export-child.ts')

/** Runs one measurement in a child process (see export-child.ts) and returns what it printed. */
function measure(db: string, mode: string, table: string, to: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, db, mode, table, to], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as Measured)
        : reject(new Error(`${mode} ${table} exited ${code}`)),
    )
  })
}

/**
 * `propdata export` per table and format: rows per second and peak memory of each, against a plain read of the same
 * rows (SQLite, valued as exported, dropped) in the same run. Each measurement is a process of its own, so its peak
 * RSS is its own. On the national database the pipeline bench leaves behind, else (and with --quick) on the sample.
 */
export default defineBench({
  name: 'export',
  description:
    'propdata export: rows/s per table and format (Parquet, CSV) and peak RSS, against a plain read of the same rows',
  async run({ quick, rounds: asked }) {
    const dir = mkdtempSync(join(tmpdir(), 'propdata-export-bench-'))
    try {
      const { dbPath: db, national } = await nationalOrSample(quick, dir)
      const dataset = national
        ? 'the national dataset'
        : 'the sample (no national database at hand: run `npm run bench -- pipeline` first)'
      const rounds = asked ?? (quick ? 1 : 3)
      const rows: BenchTable['rows'][number][] = []
      for (const table of EXPORT_TABLES) {
        const to = join(dir, 'out')
        const results = await interleave(rounds, {
          read: () => measure(db, 'read', table.name, to),
          parquet: () => measure(db, 'parquet', table.name, to),
          csv: () => measure(db, 'csv', table.name, to),
        })
        const rate = (r: Measured[]) => median(r.map((m) => (m.rows / m.ms) * 1000))
        const peak = (r: Measured[]) => Math.max(...r.map((m) => m.peakRssMiB))
        const read = rate(results.read)
        rows.push({
          table: table.name,
          rows: results.read[0]!.rows,
          'read rows/s': Math.round(read),
          'parquet rows/s': Math.round(rate(results.parquet)),
          'parquet ÷ read': rate(results.parquet) / read,
          'csv rows/s': Math.round(rate(results.csv)),
          'csv ÷ read': rate(results.csv) / read,
          'parquet MB': results.parquet[0]!.bytes / 1e6,
          'csv MB': results.csv[0]!.bytes / 1e6,
          'peak RSS read MiB': Math.round(peak(results.read)),
          'peak RSS parquet MiB': Math.round(peak(results.parquet)),
          'peak RSS csv MiB': Math.round(peak(results.csv)),
        })
      }
      return [
        {
          title: `export on ${dataset}, median of ${rounds} round${rounds === 1 ? '' : 's'}`,
          rows,
          notes: [
            'read: the same rows read from SQLite (golden records valued) and dropped, in a process of its own',
            'rows/s include starting DuckDB, writing the file and its SHA-256; peak RSS is the whole process’s',
          ],
        },
      ]
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
})
