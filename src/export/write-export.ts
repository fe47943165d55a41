import { createHash } from 'node:crypto'
import { once } from 'node:events'
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { finished, pipeline } from 'node:stream/promises'
import type { DuckDBConnection } from '@duckdb/node-api'
import type { Store } from '../store/database.js'
import { readPublication } from '../store/publication.repository.js'
import type { Cell, ExportColumn, ExportTable } from './export-tables.js'

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

/** Rows written to the staged file at once: what the export holds in memory of a table at once; a Parquet row group is ten such batches, so DuckDB's memory stays within its limit however wide the rows. */
const BATCH_ROWS = 2_000

/** The longest staged row DuckDB reads (a run's report is the longest cell); a longer one fails the export. */
const MAX_ROW_BYTES = 4 * 1024 * 1024

/** Text inside an SQL string literal. */
const sqlText = (text: string) => text.replaceAll("'", "''")

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

/** A cell of the staged rows: null empty, a number as JS writes it, text quoted (a quote doubled). */
const stagedCell = (cell: Cell | undefined): string =>
  cell === null || cell === undefined
    ? ''
    : typeof cell === 'number'
      ? String(cell)
      : `"${cell.includes('"') ? cell.replaceAll('"', '""') : cell}"`

/** `read_csv` of a table's staged rows: each column by name, typed as staged, empty unquoted fields null. */
function readStaged(path: string, columns: readonly ExportColumn[]): string {
  const types = columns.map((c) => `'${c.name}': '${stagedAsNumber(c) ? 'DOUBLE' : 'VARCHAR'}'`)
  return `read_csv('${sqlText(path)}', header = false, delim = ',', quote = '"', escape = '"', nullstr = '', allow_quoted_nulls = false, max_line_size = ${MAX_ROW_BYTES}, columns = {${types.join(', ')}})`
}

/**
 * One table: its rows streamed from SQLite into a CSV file of staged rows (in batches, waiting for the disk), then
 * read by DuckDB, cast to the file's types and written into the file in one COPY, which streams with bounded memory.
 * Writing text is quicker than handing DuckDB each cell through its appender, and no staging table is kept.
 */
async function writeTable(
  duck: DuckDBConnection,
  store: Store,
  table: ExportTable,
  temp: string,
  options: ExportOptions,
): Promise<ManifestTable> {
  const stagedPath = join(temp, `${table.name}.staged.csv`)
  const staged = createWriteStream(stagedPath)
  let rows = 0
  let batch = ''
  try {
    for await (const row of table.rows(store)) {
      for (let i = 0; i < table.columns.length; i++) batch += (i === 0 ? '' : ',') + stagedCell(row[i])
      batch += '\n'
      if (++rows % BATCH_ROWS === 0) {
        if (!staged.write(batch)) await once(staged, 'drain')
        batch = ''
        options.signal?.throwIfAborted()
      }
    }
    staged.end(batch)
    await finished(staged)
  } finally {
    staged.destroy()
  }
  const file = `${table.name}.${options.format}`
  const columns = table.columns.map((c) => fileExpression(c, options.format)).join(', ')
  const select = `SELECT ${columns} FROM ${readStaged(stagedPath, table.columns)}`
  const copyOptions =
    options.format === 'parquet'
      ? `FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${BATCH_ROWS * 10}`
      : `FORMAT csv, HEADER true, TIMESTAMPFORMAT '${CSV_TIMESTAMP}'`
  const path = join(temp, file)
  await duck.run(`COPY (${select}) TO '${sqlText(path)}' (${copyOptions})`)
  const described = await duck.runAndReadAll(`DESCRIBE ${select}`)
  const types = described
    .getRowObjects()
    .map((c) => ({ name: String(c.column_name), type: String(c.column_type) }))
  rmSync(stagedPath)
  return {
    name: table.name,
    file,
    rows,
    bytes: statSync(path).size,
    sha256: await sha256Of(path),
    columns: types,
  }
}

/** The SHA-256 of a file, hex, read as a stream. */
async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}
