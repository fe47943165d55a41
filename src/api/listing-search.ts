import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import { cityKey } from '../normalise/index.js'
import { param } from '../store/prepared.js'
import type { Database } from '../store/schema.js'
import {
  LISTING_FIELDS,
  NEWEST_FIRST,
  POSTGRES_LISTING_FIELDS,
  POSTGRES_NEWEST_FIRST,
} from './listing-json.js'
import type { ListingsQuery } from './schemas.js'

/** The database engine a query is built for, where their SQL differs. */
export type Engine = 'sqlite' | 'postgres'

/** A filter of `GET /v1/listings` beside `status`: the value it binds (absent: no filter) and its condition on it. */
interface ListingFilter {
  readonly name: string
  readonly value: (q: ListingsQuery) => string | number | undefined
  readonly where: (eb: ExpressionBuilder<Database, 'listings'>, engine: Engine) => Expression<SqlBool>
}

/** Every filter of `GET /v1/listings` beside `status`; they combine with AND. */
export const LISTING_FILTERS: readonly ListingFilter[] = [
  {
    name: 'city',
    value: (q) => (q.city === undefined ? undefined : cityKey(q.city)),
    where: (eb) => eb('city_key', '=', param('city')),
  },
  { name: 'type', value: (q) => q.type, where: (eb) => eb('type', '=', param('type')) },
  { name: 'min_price', value: (q) => q.min_price, where: (eb) => eb('price', '>=', param('min_price')) },
  { name: 'max_price', value: (q) => q.max_price, where: (eb) => eb('price', '<=', param('max_price')) },
  {
    name: 'dwelling_type',
    value: (q) => q.dwelling_type,
    where: (eb) => eb('dwelling_type', '=', param('dwelling_type')),
  },
  // `source_ids` is a JSON array of ids, and no id holds a quote: the quoted id is found in it only as a whole id.
  {
    name: 'source',
    value: (q) => (q.source === undefined ? undefined : JSON.stringify(q.source)),
    where: (_eb, engine) =>
      engine === 'postgres'
        ? sql<SqlBool>`strpos(source_ids, ${param('source')}) > 0`
        : sql<SqlBool>`instr(source_ids, ${param('source')}) > 0`,
  },
  {
    name: 'min_surface_area',
    value: (q) => q.min_surface_area,
    where: (eb) => eb('surface_area', '>=', param('min_surface_area')),
  },
  {
    name: 'max_surface_area',
    value: (q) => q.max_surface_area,
    where: (eb) => eb('surface_area', '<=', param('max_surface_area')),
  },
  {
    name: 'listed_since',
    value: (q) => q.listed_since,
    where: (eb) => eb('listed_at', '>=', param('listed_since')),
  },
]

/** The filters `listing_counts` counts active listings by, written at publish: a count of these needs no query. */
export const COUNTED_FILTERS = new Set(['city', 'type'])

/** The status and the filters a validated query gives, by name, as the search queries bind them. */
export function searchValues(q: ListingsQuery): Record<string, unknown> {
  const values: Record<string, unknown> = { status: q.status ?? 'active' }
  for (const filter of LISTING_FILTERS) {
    const value = filter.value(q)
    if (value !== undefined) values[filter.name] = value
  }
  return values
}

/**
 * The page (newest first, `@limit` from `@offset`) and the count of the listings of `@status` that the filters named
 * `present` find, with named parameters. Every filtered column is in the search indexes (migration 023), so both read
 * index entries, and the page reads the rows it shows.
 */
export function searchQueries(db: Kysely<Database>, present: readonly string[], engine: Engine) {
  let base = db.selectFrom('listings').where('status', '=', param('status'))
  for (const filter of LISTING_FILTERS)
    if (present.includes(filter.name)) base = base.where((eb) => filter.where(eb, engine))
  return {
    page: base
      .select(engine === 'postgres' ? POSTGRES_LISTING_FIELDS : LISTING_FIELDS)
      .orderBy(sql.raw(engine === 'postgres' ? POSTGRES_NEWEST_FIRST : NEWEST_FIRST))
      .limit(param('limit'))
      .offset(param('offset')),
    count: base.select((eb) => eb.fn.countAll<number>().as('n')),
  }
}
