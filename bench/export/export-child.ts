import { EXPORT_TABLES } from '../../src/export/export-tables.js'
import { type ExportFormat, writeExport } from '../../src/export/write-export.js'
import { openStore } from '../../src/store/database.js'

/**
 * One measurement of the export bench in a process of its own, so that its peak memory is its own: `read` reads a
 * table's rows as the export does and drops them (the baseline); `parquet` and `csv` export the table into `to`.
 * Prints `{rows, ms, bytes, peakRssMiB}` as JSON.
 */
const [db, mode, name, to] = process.argv.slice(2) as [string, 'read' | ExportFormat, string, string]
const table = EXPORT_TABLES.find((t) => t.name === name)
if (!table) throw new Error(`no table ${name}`)
const store = await openStore(db, { readonly: true, mmapBytes: 0 })
const started = performance.now()
let rows = 0
let bytes = 0
if (mode === 'read') {
  store.sqlite.exec('begin')
  for await (const _ of table.rows(store)) rows++
  store.sqlite.exec('commit')
} else {
  const manifest = await writeExport(store, { to, format: mode, tables: [table] })
  rows = manifest.tables[0]!.rows
  bytes = manifest.tables[0]!.bytes
}
const ms = performance.now() - started
await store.close()
process.stdout.write(JSON.stringify({ rows, ms, bytes, peakRssMiB: process.resourceUsage().maxRSS / 1024 }))
