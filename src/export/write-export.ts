import { createHash } from 'node:crypto'
import {
  createReadStream,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { DuckDBConnection } from '@duckdb/node-api'
import type { Store } from '../store/database.js'
import { readPublication } from '../store/publication.repository.js'
import type { ExportColumn, ExportTable } from './export-tables.js'

/** The file formats an export writes. */
export const EXPORT_FORMATS = ['parquet', 'csv'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** The name of the file that says an export is complete; written last. */
export const MANIFEST_FILE = 'manifest.json'

/** One table of an export as its manifest describes it. */
export interface ManifestTable {
  readonly name: string
  readonly file: string
  readonly rows: number
  readonly bytes: number
  readonly sha256: string
  readonly columns: readonly { readonly name: string; readonly type: string }[]
}

/** `manifest.json`: the generation the files hold and, per table, its file, size, digest and columns. */
export interface Manifest {
  readonly generation: number
  readonly published_at: string
  readonly exported_at: string
  readonly format: ExportFormat
  readonly tables: readonly ManifestTable[]
}

/** What {@link writeExport} writes where. */
export interface ExportOptions {
  /** The folder the files go into; created when missing. */
  readonly to: string
  readonly format: ExportFormat
  readonly tables: readonly ExportTable[]
  /** Aborting stops the export between batches of rows; it then leaves no manifest and no partial files. */
  readonly signal?: AbortSignal
  /** Called after each table is written (to the temporary folder). */
  readonly onTable?: (table: ManifestTable) => void
}

/** Rows appended to DuckDB between two flushes: what the export holds in memory of a table at once. */
const BATCH_ROWS = 20_000

/** DuckDB's settings: bounded memory (it spills to its file in the temporary folder); nothing fetched (its JSON and Parquet support are built in). */
const DUCKDB_CONFIG = {
  memory_limit: '256MB',
  threads: '2',
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
}

/**
 * Writes the published generation's tables into `to`, one file each, then `manifest.json`. Everything is read in one
 * SQLite read transaction, so every file holds the same generation. The files are written in a temporary folder
 * inside `to` and renamed into place only when all are done: first the old manifest is removed, then the files are
 * renamed, then the new manifest, so a manifest always describes the files beside it, and an export that fails or is
 * aborted leaves none of its own.
 */
export async function writeExport(store: Store, options: ExportOptions): Promise<Manifest> {
  mkdirSync(options.to, { recursive: true })
  const temp = mkdtempSync(join(options.to, '.propdata-export-'))
  try {
    const manifest = await writeTables(store, temp, options)
    options.signal?.throwIfAborted()
    moveIntoPlace(temp, options.to, manifest)
    return manifest
  } finally {
    rmSync(temp, { recursive: true, force: true })
  }
}

/** Every table into `temp`, read in one SQLite snapshot, staged in a DuckDB database in `temp`; their manifest. */
async function writeTables(store: Store, temp: string, options: ExportOptions): Promise<Manifest> {
  // Loaded here only: the API and the pipeline never load DuckDB.
  const { DuckDBInstance } = await import('@duckdb/node-api')
  const instance = await DuckDBInstance.create(join(temp, 'stage.duckdb'), DUCKDB_CONFIG)
  const duck = await instance.connect()
  // Times are written in UTC, whatever the machine's zone (DuckDB takes the machine's by default).
  await duck.run("SET TimeZone = 'UTC'")
  const { sqlite } = store
  sqlite.exec('begin')
  try {
    const publication = readPublication(store)
    const tables: ManifestTable[] = []
    for (const table of options.tables) {
      options.signal?.throwIfAborted()
      const written = await writeTable(duck, store, table, temp, options)
      tables.push(written)
      options.onTable?.(written)
    }
    return {
      generation: publication.generation,
      published_at: publication.published_at,
      exported_at: new Date().toISOString(),
      format: options.format,
      tables,
    }
  } finally {
    sqlite.exec('commit')
    duck.closeSync()
    instance.closeSync()
  }
}

/** The manifest out, the files in, the new manifest in: each a rename within one folder. */
function moveIntoPlace(temp: string, to: string, manifest: Manifest): void {
  rmSync(join(to, MANIFEST_FILE), { force: true })
  for (const table of manifest.tables) renameSync(join(temp, table.file), join(to, table.file))
  writeFileSync(join(temp, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
  renameSync(join(temp, MANIFEST_FILE), join(to, MANIFEST_FILE))
}

/** Numbers are staged as DOUBLE (exact for SQLite's integers and reals alike), the rest as text. */
const stagedAsNumber = (column: ExportColumn) =>
  !column.nested && /^(INTEGER|BIGINT|DOUBLE|DECIMAL)/.test(column.type)

const quote = (name: string) => `"${name}"`

/** A time in CSV: ISO 8601 in UTC to the millisecond, as the API writes it (`2026-11-29T03:00:00.000Z`). */
const CSV_TIMESTAMP = '%Y-%m-%dT%H:%M:%S.%gZ'

/** A column as the file holds it: cast from its staged form; a nested one as its type or, in CSV, its JSON text. */
function fileExpression(column: ExportColumn, format: ExportFormat): string {
  const staged = quote(column.name)
  if (column.structure && format === 'parquet') {
    return `json_transform(CAST(${staged} AS JSON), '${column.structure}') AS ${staged}`
  }
  if (column.nested) {
    const type = format === 'parquet' ? column.type : 'JSON'
    return `CAST(CAST(${staged} AS JSON) AS ${type}) AS ${staged}`
  }
  return `CAST(${staged} AS ${column.type}) AS ${staged}`
}

/**
 * One table: its rows streamed from SQLite into a DuckDB table in batches, then copied from it into the file (DuckDB
 * reads its own table in chunks as it writes), then its staging table dropped.
 */
async function writeTable(
  duck: DuckDBConnection,
  store: Store,
  table: ExportTable,
  temp: string,
  options: ExportOptions,
): Promise<ManifestTable> {
  const stage = `stage_${table.name}`
  const staged = table.columns.map((c) => `${quote(c.name)} ${stagedAsNumber(c) ? 'DOUBLE' : 'VARCHAR'}`)
  await duck.run(`CREATE TABLE ${stage} (${staged.join(', ')})`)
  const numeric = table.columns.map(stagedAsNumber)
  const appender = await duck.createAppender(stage)
  let rows = 0
  try {
    for await (const row of table.rows(store)) {
      for (let i = 0; i < numeric.length; i++) {
        const cell = row[i]
        if (cell === null || cell === undefined) appender.appendNull()
        else if (numeric[i]) appender.appendDouble(Number(cell))
        else appender.appendVarchar(String(cell))
      }
      appender.endRow()
      if (++rows % BATCH_ROWS === 0) {
        appender.flushSync()
        options.signal?.throwIfAborted()
      }
    }
  } finally {
    appender.closeSync()
  }
  const file = `${table.name}.${options.format}`
  const select = `SELECT ${table.columns.map((c) => fileExpression(c, options.format)).join(', ')} FROM ${stage}`
  const target = join(temp, file).replaceAll("'", "''")
  const copyOptions =
    options.format === 'parquet'
      ? 'FORMAT parquet, COMPRESSION zstd'
      : `FORMAT csv, HEADER true, TIMESTAMPFORMAT '${CSV_TIMESTAMP}'`
  await duck.run(`COPY (${select}) TO '${target}' (${copyOptions})`)
  const described = await duck.runAndReadAll(`DESCRIBE ${select}`)
  const columns = described
    .getRowObjects()
    .map((c) => ({ name: String(c.column_name), type: String(c.column_type) }))
  await duck.run(`DROP TABLE ${stage}`)
  const path = join(temp, file)
  return { name: table.name, file, rows, bytes: statSync(path).size, sha256: await sha256Of(path), columns }
}

/** The SHA-256 of a file, hex, read as a stream. */
async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}
