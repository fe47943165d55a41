import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { LISTING_SELECT, listingJson, VERIFICATION_SQL } from '../../src/api/listing-json.js'
import { propertyJson } from '../../src/api/property-json.js'
import { sourceStatusReaderFor } from '../../src/api/source-status.js'
import { PROJECT_ROOT } from '../../src/config.js'
import { EXPORT_TABLES } from '../../src/export/export-tables.js'
import { type Manifest, writeExport } from '../../src/export/write-export.js'
import { readPublication } from '../../src/store/publication.repository.js'
import type { GoldenRecordRow } from '../../src/store/schema.js'
import type { RentRegulationJson } from '../../src/wws/json.js'
import { runCli } from '../helpers/cli.js'
import { useSampleStore } from '../helpers/sample-database.js'
import { useTempDir } from '../helpers/temp-dir.js'

const sample = useSampleStore()
const dir = useTempDir('propdata-export-')
type Row = Record<string, unknown>

/** A time as the CSV files write it: ISO 8601, UTC, to the millisecond. */
const CSV_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

const TIMESTAMP = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?(Z|\+00)$/

/** A value with every timestamp written one way (ISO, UTC, milliseconds), as both files and database are compared. */
function normalise(value: unknown): unknown {
  if (typeof value === 'string' && TIMESTAMP.test(value))
    return new Date(value.replace(' ', 'T').replace('+00', 'Z')).toISOString()
  if (Array.isArray(value)) return value.map(normalise)
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v)]))
  return value
}

/** A Parquet file's rows read by DuckDB, each as DuckDB's JSON of the row (decimals as numbers, lists as arrays). */
async function readParquet(file: string): Promise<Row[]> {
  const duck = await (await DuckDBInstance.create(':memory:')).connect()
  try {
    const result = await duck.runAndReadAll(`select to_json(t)::varchar as row from '${file}' t`)
    return result.getRows().map(([row]) => normalise(JSON.parse(String(row))) as Row)
  } finally {
    duck.closeSync()
  }
}

/** A CSV file's rows read by csv-parse, typed by the manifest's column types: empty is null, JSON text parsed. */
function readCsv(file: string, columns: Manifest['tables'][number]['columns']): Row[] {
  const records = parse(readFileSync(file), { columns: true }) as Record<string, string>[]
  const types = new Map(columns.map((c) => [c.name, c.type]))
  return records.map((record) =>
    Object.fromEntries(
      Object.entries(record).map(([name, text]) => {
        const type = types.get(name)!
        if (text === '') return [name, null]
        if (/^(INTEGER|BIGINT|DOUBLE|DECIMAL)/.test(type)) return [name, Number(text)]
        if (type === 'JSON') return [name, normalise(JSON.parse(text))]
        return [name, normalise(text)]
      }),
    ),
  )
}

/** The listings as the API serves them (`listingJson`), flattened into the export's columns. */
function expectedListings(): Row[] {
  const rows = sample.store.sqlite
    .prepare(
      `select ${LISTING_SELECT.join(', ')}, ${VERIFICATION_SQL} as verification, withdrawn_at, updated_generation from listings order by id`,
    )
    .all() as (Parameters<typeof listingJson>[0] & {
    withdrawn_at: string | null
    updated_generation: number
  })[]
  return rows.map((row) => {
    const { address, source, ...api } = JSON.parse(listingJson(row))
    const { id, type, status, bag_id, price, surface_area, dwelling_type, sources, price_history } = api
    return normalise({
      id,
      type,
      status,
      bag_id,
      ...address,
      price,
      surface_area,
      dwelling_type,
      source_name: source.name,
      source_url: source.url,
      sources,
      price_history,
      listed_at: api.listed_at,
      first_seen: api.first_seen,
      last_seen: api.last_seen,
      withdrawn_at: row.withdrawn_at,
      verified_at: api.verified_at,
      verified_by: api.verified_by,
      updated_generation: row.updated_generation,
    }) as Row
  })
}

/** An estimate of the API's `valuation` in the export's columns, `prefix` naming which. */
function estimate(
  prefix: string,
  e: Record<string, unknown> & { comparables: { n: number; level: string } | null },
) {
  return {
    [`${prefix}_low`]: e.low,
    [`${prefix}_high`]: e.high,
    [`${prefix}_interval_level`]: e.interval_level,
    [`${prefix}_confidence`]: e.confidence,
    [`${prefix}_confidence_reason`]: e.confidence_reason,
    [`${prefix}_method`]: e.method,
    [`${prefix}_comparables_n`]: e.comparables?.n ?? null,
    [`${prefix}_comparables_level`]: e.comparables?.level ?? null,
    [`${prefix}_as_of`]: e.as_of,
    [`${prefix}_no_estimate_reason`]: e.no_estimate_reason,
  }
}

/** The API's `rent_regulation` in the export's columns: all null for a home that is not a dwelling. */
function regulation(r: RentRegulationJson | null) {
  return {
    regulation_points_low: r?.points?.low ?? null,
    regulation_points_high: r?.points?.high ?? null,
    regulation_energy_points: r?.energy_points ?? null,
    regulation_woz_points_low: r?.woz_points?.low ?? null,
    regulation_woz_points_high: r?.woz_points?.high ?? null,
    regulation_sector_low: r?.sector?.low ?? null,
    regulation_sector_high: r?.sector?.high ?? null,
    regulation_max_rent_low: r?.max_rent?.low ?? null,
    regulation_max_rent_high: r?.max_rent?.high ?? null,
    regulation_policy_date: r?.policy_date ?? null,
    regulation_missing: r?.missing ?? null,
  }
}

/** The API's `provenance` as a struct holds it: every member of a field present, null where the API leaves it out. */
function provenance(p: Record<string, Record<string, unknown> | null>) {
  return Object.fromEntries(
    Object.entries(p).map(([field, entry]) => [
      field,
      entry && {
        source: entry.source,
        observed_at: entry.observed_at,
        conflicts: entry.conflicts ?? null,
        rejected: entry.rejected ?? null,
      },
    ]),
  )
}

/**
 * The golden records as the API serves them (`propertyJson`, with its valuation, rent regulation and provenance),
 * flattened into the export's columns; the provenance as Parquet's struct holds it or, in CSV, the API's JSON.
 */
function expectedGoldenRecords(format: 'parquet' | 'csv'): Row[] {
  const rows = sample.store.sqlite
    .prepare(
      `select g.*, v.valuation_json, v.rent_regulation_json
         from golden_records g join valuations v using (bag_id) order by g.bag_id`,
    )
    .all() as (GoldenRecordRow & { valuation_json: string; rent_regulation_json: string | null })[]
  return rows.map(({ valuation_json, rent_regulation_json, ...row }) => {
    const api = JSON.parse(
      propertyJson(row, { valuation: valuation_json, rentRegulation: rent_regulation_json }, ''),
    )
    const { valuation } = api
    return {
      bag_id: api.bag_id,
      nummeraanduiding_id: api.nummeraanduiding_id,
      ...api.address,
      ...api.building,
      estimated_price: valuation.estimated_price,
      ...estimate('price', valuation),
      estimated_rent: valuation.rent.estimated_rent,
      ...estimate('rent', valuation.rent),
      ...regulation(api.rent_regulation),
      provenance: format === 'parquet' ? provenance(api.provenance) : api.provenance,
      updated_generation: row.updated_generation,
    }
  })
}

/** Every price of every listing's sources, from the tables they are kept in. */
function expectedPriceHistory(): Row[] {
  const rows = sample.store.sqlite
    .prepare(
      `select 'lis_' || o.listing_id as listing_id, o.source_id as source, o.source_listing_id, o.url, p.observed_at,
              p.price, p.run_id
         from price_history p join observations o on o.id = p.observation_id where o.listing_id is not null`,
    )
    .all() as Row[]
  return rows.map((r) => normalise(r) as Row)
}

/** The run reports as stored. */
function expectedRuns(): Row[] {
  const rows = sample.store.sqlite.prepare('select * from runs order by id').all() as Row[]
  return rows.map(
    (r) =>
      normalise({
        id: r.id,
        kind: r.kind,
        mode: r.mode,
        status: r.status,
        exit_code: r.exit_code,
        started_at: r.started_at,
        finished_at: r.finished_at,
        sources: String(r.sources).split(','),
        report: r.report_json === null ? null : JSON.parse(String(r.report_json)),
      }) as Row,
  )
}

const byKey = (rows: Row[], key: string) =>
  [...rows].sort((a, b) => String(a[key]).localeCompare(String(b[key])))

/** Asserts that an export's files, read back by `read`, equal the database row for row, and match the manifest. */
async function expectExportEqualsDatabase(
  to: string,
  format: 'parquet' | 'csv',
  read: (file: string, table: Manifest['tables'][number]) => Promise<Row[]> | Row[],
) {
  const manifest = JSON.parse(readFileSync(join(to, 'manifest.json'), 'utf8')) as Manifest
  const publication = readPublication(sample.store)
  expect([manifest.generation, manifest.published_at, manifest.format]).toEqual([
    publication.generation,
    publication.published_at,
    format,
  ])
  expect(manifest.tables.map((t) => t.name)).toEqual(EXPORT_TABLES.map((t) => t.name))
  const files = new Map<string, Row[]>()
  for (const table of manifest.tables) {
    const bytes = readFileSync(join(to, table.file))
    expect(table.file).toBe(`${table.name}.${format}`)
    expect(table.bytes).toBe(bytes.length)
    expect(table.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
    const rows = await read(join(to, table.file), table)
    expect(rows.length, table.name).toBe(table.rows)
    expect(Object.keys(rows[0] ?? {}), table.name).toEqual(table.columns.map((c) => c.name))
    files.set(table.name, rows)
  }
  expect(files.get('listings')).toEqual(expectedListings())
  expect(files.get('golden_records')).toEqual(expectedGoldenRecords(format))
  expect(byKey(files.get('price_history')!, 'url')).toEqual(byKey(expectedPriceHistory(), 'url'))
  expect(files.get('runs')).toEqual(expectedRuns())
  const sources = (await sourceStatusReaderFor(sample.store).read()).sources
  expect(
    files.get('sources')!.map((s) => [s.id, s.kind, s.status, s.active_listings, s.last_run_id]),
  ).toEqual(sources.map((s) => [s.id, s.kind, s.status, s.activeListings, s.lastRun?.runId ?? null]))
  return manifest
}

describe('docs/export.md', () => {
  it('documents every column of every table, in its section', () => {
    const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'export.md'), 'utf8')
    for (const table of EXPORT_TABLES) {
      const section = doc.split(`### \`${table.name}\``)[1]?.split(/\n##/)[0] ?? ''
      const missing = table.columns.filter((c) => !section.includes(`\`${c.name}\``)).map((c) => c.name)
      expect(missing, table.name).toEqual([])
    }
  })
})

describe('propdata export', () => {
  let parquetDir = ''
  beforeAll(() => {
    parquetDir = join(dir, 'parquet')
  })

  it('writes Parquet files that DuckDB reads back equal to the database, row for row, typed', async () => {
    const result = await runCli(['export', '--to', parquetDir, '--db', sample.config.dbPath, '--json'])
    expect(result.code, result.stderr).toBe(0)
    const manifest = await expectExportEqualsDatabase(parquetDir, 'parquet', readParquet)
    expect(JSON.parse(result.stdout)).toEqual(manifest)
    const listings = manifest.tables.find((t) => t.name === 'listings')!
    const type = (name: string) => listings.columns.find((c) => c.name === name)?.type
    expect([type('price'), type('listed_at'), type('first_seen'), type('updated_generation')]).toEqual([
      'DECIMAL(12,2)',
      'DATE',
      'TIMESTAMP WITH TIME ZONE',
      'INTEGER',
    ])
    expect(type('sources')).toBe('STRUCT("name" VARCHAR, url VARCHAR)[]')
    expect(type('price_history')).toBe('STRUCT(observed_at TIMESTAMP WITH TIME ZONE, price DECIMAL(12,2))[]')
    expect(readdirSync(parquetDir).sort()).toEqual([
      'golden_records.parquet',
      'listings.parquet',
      'manifest.json',
      'price_history.parquet',
      'runs.parquet',
      'sources.parquet',
    ])
  }, 120_000)

  it('writes CSV files that csv-parse reads back equal to the database, nested members as JSON text', async () => {
    const to = join(dir, 'csv')
    // In a zone east of UTC: the files are in UTC whatever the machine's zone.
    const result = await runCli(['export', '--to', to, '--format', 'csv', '--db', sample.config.dbPath], {
      TZ: 'Europe/Amsterdam',
    })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^Exported generation \d+ .* 5 tables, [\d,]+ rows, .* of csv\n$/)
    const manifest = await expectExportEqualsDatabase(to, 'csv', (file, table) =>
      readCsv(file, table.columns),
    )
    const listings = manifest.tables.find((t) => t.name === 'listings')!
    expect(listings.columns.find((c) => c.name === 'sources')?.type).toBe('JSON')
    // Every time in ISO 8601 with its 'T' and zone, every date a date, as written (before any parsing).
    const forms = { 'TIMESTAMP WITH TIME ZONE': CSV_TIME, DATE: /^\d{4}-\d\d-\d\d$/ } as const
    let checked = 0
    for (const table of manifest.tables) {
      const records = parse(readFileSync(join(to, table.file)), { columns: true }) as Record<string, string>[]
      for (const { name, type } of table.columns) {
        const form = forms[type as keyof typeof forms]
        if (!form) continue
        const written = records.map((r) => r[name]!).filter((v) => v !== '')
        expect(
          written.filter((v) => !form.test(v)),
          `${table.name}.${name}`,
        ).toEqual([])
        checked += written.length
      }
    }
    expect(checked).toBeGreaterThan(1000)
  }, 120_000)

  it('writes only the tables --tables names', async () => {
    const to = join(dir, 'some')
    const result = await runCli([
      'export',
      '--to',
      to,
      '--tables',
      'runs,listings',
      '--db',
      sample.config.dbPath,
      '--quiet',
    ])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toBe('')
    const manifest = JSON.parse(readFileSync(join(to, 'manifest.json'), 'utf8')) as Manifest
    expect(manifest.tables.map((t) => t.name)).toEqual(['listings', 'runs'])
    expect(readdirSync(to).sort()).toEqual(['listings.parquet', 'manifest.json', 'runs.parquet'])
  }, 120_000)

  it('an export aborted half-way leaves no manifest and none of its files', async () => {
    const to = join(dir, 'aborted')
    const stop = new AbortController()
    const written: string[] = []
    const run = writeExport(sample.store, {
      to,
      format: 'parquet',
      tables: EXPORT_TABLES,
      signal: stop.signal,
      onTable: (t) => {
        written.push(t.name)
        stop.abort()
      },
    })
    await expect(run).rejects.toThrow(/abort/i)
    expect(written).toEqual(['listings'])
    expect(readdirSync(to)).toEqual([])
  }, 120_000)

  it('an export that fails to put a file in place leaves no manifest, the old one included; one line, exit 1', async () => {
    const to = join(dir, 'failing')
    const first = await runCli(['export', '--to', to, '--db', sample.config.dbPath, '--quiet'])
    expect(first.code, first.stderr).toBe(0)
    // A folder where the next export's file goes: renaming the file onto it fails.
    const blocked = join(to, 'runs.parquet')
    rmSync(blocked)
    mkdirSync(blocked)
    writeFileSync(join(blocked, 'keep'), 'x')
    const result = await runCli(['export', '--to', to, '--db', sample.config.dbPath, '--quiet'])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^error: [^\n]*runs\.parquet[^\n]*\n$/)
    expect(readdirSync(to)).not.toContain('manifest.json')
    expect(readdirSync(to).filter((f) => f.startsWith('.'))).toEqual([])
  }, 120_000)

  it('bad arguments are one line and exit 2', async () => {
    const db = sample.config.dbPath
    const file = join(dir, 'a-file')
    writeFileSync(file, '')
    const cases: [string[], string][] = [
      [['export', '--db', db], "error: required option '--to <dir>' not specified\n(add --help for usage)\n"],
      [
        ['export', '--to', dir, '--format', 'xlsx', '--db', db],
        'error: --format must be parquet or csv, not xlsx\n',
      ],
      [
        ['export', '--to', dir, '--tables', 'listings,homes', '--db', db],
        'error: --tables takes names from listings, golden_records, price_history, sources, runs; not homes\n',
      ],
      [['export', '--to', file, '--db', db], `error: ${file} is a file; --to names a folder\n`],
    ]
    for (const [args, message] of cases) {
      const result = await runCli(args)
      expect([result.code, result.stderr], args.join(' ')).toEqual([2, message])
    }
  }, 120_000)
})
