import { calendarDate } from '../api/date-schemas.js'
import { LISTING_SELECT, readVerification, VERIFICATION_SQL } from '../api/listing-json.js'
import { NOT_VALUED_YET } from '../api/property-json.js'
import { sourceStatusReaderFor } from '../api/source-status.js'
import { formatListingId } from '../dedupe/index.js'
import { GOLDEN_FIELDS } from '../merge/golden-record.js'
import { servedProvenanceJson } from '../merge/stored-provenance.js'
import type { Store } from '../store/database.js'
import type { GoldenRecordRow, ListingRow } from '../store/schema.js'
import type { ApiValuation } from '../valuate/value-homes.js'
import type { RentRegulationJson } from '../wws/json.js'

/** A value of an exported row as read from SQLite: text (ISO dates and times, JSON), a number, or null. */
export type Cell = string | number | null

/**
 * A column of an export: its name and its DuckDB type in the files. A nested column (`LIST`, `STRUCT`) is read as JSON
 * text; Parquet holds it as that type, CSV as the JSON text in one column.
 */
export interface ExportColumn {
  readonly name: string
  readonly type: string
  readonly nested?: boolean
  /**
   * A nested column whose objects may leave members out (the API omits empty ones): its shape as DuckDB's
   * `json_transform` takes it (`{"member": "TYPE", "list": [{…}]}`), which reads a missing member as null.
   */
  readonly structure?: string
}

/** One exported table: its columns and its rows, in column order, read inside the export's snapshot. */
export interface ExportTable {
  readonly name: string
  readonly columns: readonly ExportColumn[]
  rows(store: Store): Iterable<readonly Cell[]> | AsyncIterable<readonly Cell[]>
}

/** Money in euros, exactly, cents included: prices, rents, WOZ values and estimates. */
const MONEY = 'DECIMAL(12,2)'
const TIME = 'TIMESTAMPTZ'

const text = (name: string): ExportColumn => ({ name, type: 'VARCHAR' })
const column = (name: string, type: string): ExportColumn => ({ name, type })
const nested = (name: string, type: string): ExportColumn => ({ name, type, nested: true })

/** A list of words stored comma-separated (`runs.sources`), as the JSON a nested column is read from. */
const jsonList = (words: string | null | undefined): string =>
  JSON.stringify(words ? words.split(',').filter((w) => w !== '') : [])

const LISTINGS: ExportTable = {
  name: 'listings',
  columns: [
    text('id'),
    text('type'),
    text('status'),
    text('bag_id'),
    text('street'),
    text('number'),
    text('postcode'),
    text('city'),
    column('price', MONEY),
    column('surface_area', 'DOUBLE'),
    text('dwelling_type'),
    text('source_name'),
    text('source_url'),
    nested('sources', 'STRUCT(name VARCHAR, url VARCHAR)[]'),
    nested('price_history', `STRUCT(observed_at ${TIME}, price ${MONEY})[]`),
    column('listed_at', 'DATE'),
    column('first_seen', TIME),
    column('last_seen', TIME),
    column('withdrawn_at', TIME),
    column('verified_at', TIME),
    text('verified_by'),
    column('updated_generation', 'INTEGER'),
  ],
  *rows(store) {
    const select = LISTING_SELECT.filter((c) => c !== 'city_key').join(', ')
    type Row = Pick<ListingRow, (typeof LISTING_SELECT)[number] | 'withdrawn_at' | 'updated_generation'> & {
      verification: string | null
    }
    const rows = store.sqlite
      .prepare<[], Row>(
        `select ${select}, withdrawn_at, updated_generation, ${VERIFICATION_SQL} as verification from listings order by id`,
      )
      .iterate()
    for (const r of rows) {
      const { verifiedAt, verifiedBy } = readVerification(r.verification)
      yield [
        formatListingId(r.id),
        r.type,
        r.status,
        r.bag_id,
        r.street,
        r.number,
        r.postcode,
        r.city,
        r.price,
        r.surface_area,
        r.dwelling_type,
        r.source_name,
        r.source_url,
        r.sources_json,
        r.price_history_json,
        r.listed_at,
        r.first_seen,
        r.last_seen,
        r.withdrawn_at,
        verifiedAt,
        verifiedBy,
        r.updated_generation,
      ]
    }
  },
}

/** The valuation columns of one estimate (a price or a rent), `prefix` naming which. */
const estimateColumns = (prefix: 'price' | 'rent'): ExportColumn[] => [
  column(`${prefix}_low`, MONEY),
  column(`${prefix}_high`, MONEY),
  column(`${prefix}_interval_level`, 'DOUBLE'),
  text(`${prefix}_confidence`),
  text(`${prefix}_confidence_reason`),
  text(`${prefix}_method`),
  column(`${prefix}_comparables_n`, 'INTEGER'),
  text(`${prefix}_comparables_level`),
  column(`${prefix}_as_of`, 'DATE'),
  text(`${prefix}_no_estimate_reason`),
]

/** An estimate's cells in the order of {@link estimateColumns}. */
const estimateCells = (e: {
  low: number | null
  high: number | null
  interval_level: number | null
  confidence: string | null
  confidence_reason: string | null
  method: string | null
  comparables: { n: number; level: string } | null
  as_of: string | null
  no_estimate_reason: string | null
}): Cell[] => [
  e.low,
  e.high,
  e.interval_level,
  e.confidence,
  e.confidence_reason,
  e.method,
  e.comparables?.n ?? null,
  e.comparables?.level ?? null,
  e.as_of,
  e.no_estimate_reason,
]

/** The `rent_regulation` columns: the WWS points, sector and maximum rent of a dwelling; all null for other homes. */
const REGULATION_COLUMNS: ExportColumn[] = [
  column('regulation_points_low', 'INTEGER'),
  column('regulation_points_high', 'INTEGER'),
  column('regulation_energy_points', 'DOUBLE'),
  column('regulation_woz_points_low', 'DOUBLE'),
  column('regulation_woz_points_high', 'DOUBLE'),
  text('regulation_sector_low'),
  text('regulation_sector_high'),
  column('regulation_max_rent_low', MONEY),
  column('regulation_max_rent_high', MONEY),
  column('regulation_policy_date', 'DATE'),
  nested('regulation_missing', 'VARCHAR[]'),
]

/** A stored `rent_regulation` in the order of {@link REGULATION_COLUMNS}. */
function regulationCells(stored: string | null): Cell[] {
  if (stored === null) return REGULATION_COLUMNS.map(() => null)
  const r = JSON.parse(stored) as RentRegulationJson
  return [
    r.points?.low ?? null,
    r.points?.high ?? null,
    r.energy_points,
    r.woz_points?.low ?? null,
    r.woz_points?.high ?? null,
    r.sector?.low ?? null,
    r.sector?.high ?? null,
    r.max_rent?.low ?? null,
    r.max_rent?.high ?? null,
    r.policy_date,
    JSON.stringify(r.missing),
  ]
}

/** A field's provenance as the API serves it: the winning source, the day it said so, and who disagreed. */
const FIELD_PROVENANCE = {
  source: 'VARCHAR',
  observed_at: 'DATE',
  conflicts: [{ source: 'VARCHAR', value: 'JSON', observed_at: 'DATE' }],
  rejected: [{ source: 'VARCHAR', value: 'JSON', observed_at: 'DATE', reason: 'VARCHAR' }],
}

/** The `provenance` column: one member per field the merge chooses, null where no source knows it. */
const PROVENANCE: ExportColumn = {
  name: 'provenance',
  type: 'STRUCT',
  nested: true,
  structure: JSON.stringify(Object.fromEntries(GOLDEN_FIELDS.map((f) => [f, FIELD_PROVENANCE]))),
}

const GOLDEN_RECORDS: ExportTable = {
  name: 'golden_records',
  columns: [
    text('bag_id'),
    text('nummeraanduiding_id'),
    text('street'),
    text('number'),
    text('postcode'),
    text('city'),
    column('year_built', 'INTEGER'),
    text('energy_label'),
    column('woz_value', MONEY),
    column('woz_reference_date', 'DATE'),
    column('surface_area', 'INTEGER'),
    text('use'),
    text('dwelling_type'),
    column('estimated_price', MONEY),
    ...estimateColumns('price'),
    column('estimated_rent', MONEY),
    ...estimateColumns('rent'),
    ...REGULATION_COLUMNS,
    PROVENANCE,
    column('updated_generation', 'INTEGER'),
  ],
  *rows(store) {
    // With the valuation and rent regulation the publish stored, and the provenance, as the API serves them.
    const rows = store.sqlite
      .prepare<[], GoldenRecordRow & { valuation_json: string | null; rent_regulation_json: string | null }>(
        `select g.*, v.valuation_json, v.rent_regulation_json
           from golden_records g left join valuations v using (bag_id) order by g.bag_id`,
      )
      .iterate()
    for (const r of rows) {
      const v = JSON.parse(r.valuation_json ?? NOT_VALUED_YET) as ApiValuation
      yield [
        r.bag_id,
        r.num_id,
        r.street,
        r.number,
        r.postcode,
        r.city,
        r.year_built,
        r.energy_label,
        r.woz_value,
        r.woz_reference_date,
        r.surface_area,
        r.use_purpose,
        r.dwelling_type,
        v.estimated_price,
        ...estimateCells(v),
        v.rent.estimated_rent,
        ...estimateCells(v.rent),
        ...regulationCells(r.rent_regulation_json),
        servedProvenanceJson(r.provenance_json),
        r.updated_generation,
      ]
    }
  },
}

const PRICE_HISTORY: ExportTable = {
  name: 'price_history',
  columns: [
    text('listing_id'),
    text('source'),
    text('source_listing_id'),
    text('url'),
    column('observed_at', TIME),
    column('price', MONEY),
    column('run_id', 'INTEGER'),
  ],
  *rows(store) {
    // Every price each source showed for a listing, in the order of the table's key (no sort).
    const rows = store.sqlite
      .prepare<[], Cell[]>(
        `select o.listing_id, o.source_id, o.source_listing_id, o.url, p.observed_at, p.price, p.run_id
           from price_history p join observations o on o.id = p.observation_id
          where o.listing_id is not null`,
      )
      .raw()
      .iterate()
    for (const r of rows) yield [formatListingId(r[0] as number), ...r.slice(1)]
  },
}

const SOURCES: ExportTable = {
  name: 'sources',
  columns: [
    text('id'),
    text('name'),
    text('kind'),
    text('status'),
    column('last_run_id', 'INTEGER'),
    column('last_run_started_at', TIME),
    text('last_run_message'),
    nested('last_run_degraded_by', 'VARCHAR[]'),
    column('last_run_requests', 'JSON'),
    column('last_run_fill_rates', 'JSON'),
    column('last_success', TIME),
    column('data_as_of', 'DATE'),
    column('loaded_at', TIME),
    column('active_listings', 'INTEGER'),
    column('oldest_verified_at', TIME),
  ],
  async *rows(store) {
    // The sources as `/v1/sources` reports them: listing sites and registers, each with its last run.
    const { sources } = await sourceStatusReaderFor(store).read()
    for (const s of sources) {
      yield [
        s.id,
        s.name,
        s.kind,
        s.status,
        s.lastRun?.runId ?? null,
        s.lastRun?.startedAt ?? null,
        s.lastRun?.message ?? null,
        JSON.stringify(s.degradedBy),
        s.requests && JSON.stringify(s.requests),
        s.fillRates && JSON.stringify(s.fillRates),
        s.lastSuccessAt,
        calendarDate(s.dataAsOf),
        s.loadedAt,
        s.activeListings,
        s.oldestVerifiedAt,
      ]
    }
  },
}

const RUNS: ExportTable = {
  name: 'runs',
  columns: [
    column('id', 'INTEGER'),
    text('kind'),
    text('mode'),
    text('status'),
    column('exit_code', 'INTEGER'),
    column('started_at', TIME),
    column('finished_at', TIME),
    nested('sources', 'VARCHAR[]'),
    column('report', 'JSON'),
  ],
  *rows(store) {
    const rows = store.sqlite
      .prepare<[], Cell[]>(
        'select id, kind, mode, status, exit_code, started_at, finished_at, sources, report_json from runs order by id',
      )
      .raw()
      .iterate()
    for (const r of rows) yield [...r.slice(0, 7), jsonList(r[7] as string | null), r[8] ?? null]
  },
}

/** Every table an export can write, in the order it writes them. */
export const EXPORT_TABLES: readonly ExportTable[] = [LISTINGS, GOLDEN_RECORDS, PRICE_HISTORY, SOURCES, RUNS]
