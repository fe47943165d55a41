import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { EXPORT_TABLES, type ExportTable } from '../../export/export-tables.js'
import {
  EXPORT_FORMATS,
  type ExportFormat,
  MANIFEST_FILE,
  type Manifest,
  writeExport,
} from '../../export/write-export.js'
import { count } from '../../plural.js'
import { openStore } from '../../store/database.js'
import { configFrom, createCliLogger, type GlobalOptions, printResult } from '../context.js'
import { CliError, EXIT } from '../exit-codes.js'

/** The flags of `propdata export`. */
export interface ExportFlags extends GlobalOptions {
  to: string
  format?: string
  tables?: string
}

/** `--format`: parquet or csv. */
function parseFormat(value: string): ExportFormat {
  const format = EXPORT_FORMATS.find((f) => f === value)
  if (!format) throw new CliError(`--format must be ${EXPORT_FORMATS.join(' or ')}, not ${value}`, EXIT.USAGE)
  return format
}

/** `--tables`: comma-separated names of exported tables, each once; all of them when not given. */
export function parseTables(value: string | undefined): ExportTable[] {
  if (value === undefined) return [...EXPORT_TABLES]
  const names = value.split(',').map((n) => n.trim())
  const known = EXPORT_TABLES.map((t) => t.name)
  const unknown = names.filter((n) => !known.includes(n))
  if (unknown.length > 0 || names.length === 0)
    throw new CliError(
      `--tables takes names from ${known.join(', ')}; not ${unknown.join(', ') || 'nothing'}`,
      EXIT.USAGE,
    )
  return EXPORT_TABLES.filter((t) => names.includes(t.name))
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`

/**
 * `propdata export --to DIR`: the published generation's tables as Parquet or CSV files with a manifest. Ctrl-C stops
 * it and leaves the folder as it was, but for a manifest of an earlier export that was being replaced.
 */
export async function exportCommand(flags: ExportFlags): Promise<void> {
  const format = parseFormat(flags.format ?? 'parquet')
  const tables = parseTables(flags.tables)
  const to = resolve(flags.to)
  if (existsSync(to) && !statSync(to).isDirectory())
    throw new CliError(`${flags.to} is a file; --to names a folder`, EXIT.USAGE)
  const log = createCliLogger(flags)
  // Without a memory map: an export reads every page once, and mapped pages would count as its memory.
  const store = await openStore(configFrom(flags).dbPath, { readonly: true, mmapBytes: 0 })
  const stop = new AbortController()
  const abort = () => stop.abort()
  process.once('SIGINT', abort)
  process.once('SIGTERM', abort)
  let manifest: Manifest
  try {
    manifest = await writeExport(store, {
      to,
      format,
      tables,
      signal: stop.signal,
      onTable: (t) => log.info(`${t.name}: ${count(t.rows, 'row')}, ${megabytes(t.bytes)}`),
    })
  } catch (error) {
    if (stop.signal.aborted) throw new CliError(`export stopped; no ${MANIFEST_FILE} written in ${to}`)
    throw error
  } finally {
    process.off('SIGINT', abort)
    process.off('SIGTERM', abort)
    await store.close()
  }
  printResult(flags, manifest, () => {
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0)
    const bytes = manifest.tables.reduce((n, t) => n + t.bytes, 0)
    return `Exported generation ${manifest.generation} (published ${manifest.published_at}) to ${to}: ${count(manifest.tables.length, 'table')}, ${count(rows, 'row')}, ${megabytes(bytes)} of ${format}`
  })
}
