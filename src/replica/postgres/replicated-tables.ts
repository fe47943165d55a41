import { VERIFICATION_SQL } from '../../api/listing-json.js'

/** A column of a replicated table and its PostgreSQL type (what the batch of its values is cast to). */
export interface ReplicatedColumn {
  readonly name: string
  readonly type: 'bigint' | 'integer' | 'double precision' | 'text'
  /** The SQLite expression it is read from, when not the column of the same name. */
  readonly from?: string
}

/**
 * A table of the read model as it is copied: its key (first column), its columns, and how its rows are chosen. A
 * table with a `generation` column is copied incrementally: the rows whose generation is newer than the replica's,
 * and the keys of all rows, so rows gone from SQLite are deleted. Its `volatile` columns change without the
 * generation (a listing's verification: a crawl verifies listings it does not change) and are compared on every copy.
 * A table without one is small and copied whole.
 */
export interface ReplicatedTable {
  readonly name: string
  readonly columns: readonly ReplicatedColumn[]
  readonly generation?: string
  readonly volatile?: readonly string[]
}

const text = (name: string): ReplicatedColumn => ({ name, type: 'text' })
const real = (name: string): ReplicatedColumn => ({ name, type: 'double precision' })
const bigint = (name: string): ReplicatedColumn => ({ name, type: 'bigint' })

export const LISTINGS: ReplicatedTable = {
  name: 'listings',
  columns: [
    bigint('id'),
    ...['type', 'status', 'bag_id', 'street', 'number', 'postcode', 'city', 'city_key'].map(text),
    real('price'),
    real('surface_area'),
    ...['dwelling_type', 'source_name', 'source_url', 'sources_json', 'source_ids', 'price_history_json'].map(
      text,
    ),
    ...['listed_at', 'first_seen', 'last_seen', 'withdrawn_at'].map(text),
    real('max_legal_rent_low'),
    real('max_legal_rent_high'),
    { name: 'above_legal_max', type: 'integer' },
    text('above_legal_max_reason'),
    { name: 'verification', type: 'text', from: VERIFICATION_SQL },
    bigint('updated_generation'),
  ],
  generation: 'updated_generation',
  volatile: ['verification'],
}

export const GOLDEN_RECORDS: ReplicatedTable = {
  name: 'golden_records',
  columns: [
    ...['bag_id', 'num_id', 'street', 'number', 'postcode', 'city', 'city_key'].map(text),
    real('year_built'),
    text('energy_label'),
    real('woz_value'),
    text('woz_reference_date'),
    real('surface_area'),
    ...['use_purpose', 'dwelling_type', 'provenance_json'].map(text),
    bigint('updated_generation'),
  ],
  generation: 'updated_generation',
}

export const VALUATIONS: ReplicatedTable = {
  name: 'valuations',
  columns: [text('bag_id'), text('valuation_json'), text('rent_regulation_json'), bigint('generation')],
  // A home's valuation and its rent regulation are written apart, each stamped with its generation.
  generation: 'max(generation, coalesce(regulation_generation, 0))',
}

/** The tables copied by generation, in the order they are copied. */
export const INCREMENTAL_TABLES = [LISTINGS, GOLDEN_RECORDS, VALUATIONS] as const

/** Small tables, copied whole on every replicate: keys are revoked and aliases made without a new generation. */
export const WHOLE_TABLES: readonly ReplicatedTable[] = [
  { name: 'listing_aliases', columns: [bigint('listing_id'), bigint('survivor_id'), text('merged_at')] },
  { name: 'listing_counts', columns: [text('city_key'), text('type'), bigint('n')] },
  {
    name: 'api_keys',
    columns: ['key_hash', 'name', 'key_prefix', 'created_at', 'revoked_at'].map(text),
  },
]

/** The BAG addresses the API resolves an address with: copied whole, and only when a BAG import changed them. */
export const BAG_ADDRESSES: ReplicatedTable = {
  name: 'bag_addresses',
  columns: [
    ...['num_id', 'object_id', 'postcode'].map(text),
    { name: 'huisnummer', type: 'integer' },
    text('huisletter'),
    text('toevoeging'),
  ],
}

/** Every table `--rebuild` empties. */
export const ALL_TABLES = [...INCREMENTAL_TABLES, ...WHOLE_TABLES, BAG_ADDRESSES]
