import { type Compilable, Kysely, PostgresDialect } from 'kysely'
import type pg from 'pg'
import { LISTING_SELECT, type ListingFields, POSTGRES_NEWEST_FIRST } from '../../api/listing-json.js'
import { searchQueries } from '../../api/listing-search.js'
import { LISTINGS_PER_PROPERTY, type ServedGoldenRecord } from '../../api/property-json.js'
import type {
  ListingSearch,
  Published,
  ReadModelReads,
  ReadStore,
  SourcesSnapshot,
  StoredValuesRow,
} from '../../api/read-store.js'
import type { SourceStatus } from '../../api/source-status.js'
import type { AddressRow } from '../../resolve/index.js'
import type { Database } from '../../store/schema.js'
import { checkOut, openPostgres, type Postgres } from './connect.js'
import { redactedUrl } from './postgres-url.js'

/** A statement prepared once per connection (pg names it), with the names of its parameters in order. */
interface Statement {
  readonly name: string
  readonly text: string
  readonly params: readonly string[]
}

/** What a read runs on: the pool (one statement) or the connection of a snapshot. */
type Queryable = Pick<pg.ClientBase, 'query'>

let statements = 0

/**
 * A statement from SQL text whose parameters are named `@name` (as the kysely queries shared with SQLite write them,
 * see `param`), numbered for PostgreSQL: a name that repeats gets its number again.
 */
function statement(sqlText: string): Statement {
  const params: string[] = []
  const text = sqlText.replace(/@(\w+)/g, (_, name: string) => {
    const at = params.indexOf(name)
    if (at >= 0) return `$${at + 1}`
    params.push(name)
    return `$${params.length}`
  })
  return { name: `propdata_${++statements}`, text, params }
}

const compiled = (query: Compilable) => statement(query.compile().sql)

async function rowsOf<Row>(on: Queryable, s: Statement, values: Record<string, unknown>): Promise<Row[]> {
  const result = await on.query({ name: s.name, text: s.text, values: s.params.map((p) => values[p]) })
  return result.rows as Row[]
}

const LISTING_COLUMNS = [...LISTING_SELECT, 'verification'].join(', ')
const GOLDEN_COLUMNS = `bag_id, num_id, street, number, postcode, city, year_built, energy_label, woz_value,
  woz_reference_date, surface_area, use_purpose, dwelling_type, provenance_json`

const PUBLICATION = statement('select generation, published_at from publication where id = 1')
const SQL = {
  listingCount: statement('select n from listing_counts where city_key = @city_key and type = @type'),
  listing: statement(`select ${LISTING_COLUMNS} from listings where id = @id`),
  survivor: statement('select survivor_id from listing_aliases where listing_id = @id'),
  objectOfAddress: statement('select object_id from bag_addresses where num_id = @num_id'),
  addressesAt: statement(
    `select num_id, object_id, huisletter, toevoeging from bag_addresses
      where postcode = @postcode and huisnummer = @huisnummer`,
  ),
  goldenRecord: statement(`select ${GOLDEN_COLUMNS} from golden_records where bag_id = @bag_id`),
  storedValues: statement(
    'select valuation_json, rent_regulation_json from valuations where bag_id = @bag_id',
  ),
  listingsOfHome: statement(
    `select ${LISTING_COLUMNS} from listings where bag_id = @bag_id
      order by status, ${POSTGRES_NEWEST_FIRST} limit ${LISTINGS_PER_PROPERTY}`,
  ),
  keyIsActive: statement('select 1 from api_keys where key_hash = @key_hash and revoked_at is null'),
  sources: statement(
    `select s.fingerprint, s.last_run_change, s.sources_json, p.generation
       from source_status s cross join publication p where p.id = 1`,
  ),
}

const NOTHING_PUBLISHED: Published = { generation: 0, publishedAt: '' }

/** A snapshot begun and its generation read in one round trip (the simple protocol runs both statements). */
const BEGIN_SNAPSHOT = `begin isolation level repeatable read read only; ${PUBLICATION.text}`

const toPublished = (row: { generation: number; published_at: string }): Published => ({
  generation: row.generation,
  publishedAt: row.published_at,
})

/**
 * The read model's reads on `on`, with the search statements shared by every connection; `published` is the
 * publication already read in this snapshot, when it was.
 */
function postgresReads(
  on: Queryable,
  searchFor: (search: ListingSearch) => { page: Statement; count: Statement },
  onPublication: (published: Published) => void,
  published?: Published,
): ReadModelReads {
  const first = async <Row>(s: Statement, values: Record<string, unknown>) =>
    (await rowsOf<Row>(on, s, values))[0]
  return {
    async publication() {
      const row = published
        ? null
        : await first<{ generation: number; published_at: string }>(PUBLICATION, {})
      const read = published ?? (row ? toPublished(row) : NOTHING_PUBLISHED)
      onPublication(read)
      return read
    },
    listingCount: async (city_key, type) =>
      (await first<{ n: number }>(SQL.listingCount, { city_key, type }))?.n,
    countListings: async (search) => (await first<{ n: number }>(searchFor(search).count, search.values))!.n,
    listingsPage: (search, limit, offset) =>
      rowsOf<ListingFields>(on, searchFor(search).page, { ...search.values, limit, offset }),
    listing: (id) => first<ListingFields>(SQL.listing, { id }),
    survivorOf: async (id) => (await first<{ survivor_id: number }>(SQL.survivor, { id }))?.survivor_id,
    objectOfAddress: async (num_id) =>
      (await first<{ object_id: string }>(SQL.objectOfAddress, { num_id }))?.object_id,
    addressesAt: (postcode, huisnummer) => rowsOf<AddressRow>(on, SQL.addressesAt, { postcode, huisnummer }),
    goldenRecord: (bag_id) => first<ServedGoldenRecord>(SQL.goldenRecord, { bag_id }),
    storedValues: (bag_id) => first<StoredValuesRow>(SQL.storedValues, { bag_id }),
    listingsOfHome: (bag_id) => rowsOf<ListingFields>(on, SQL.listingsOfHome, { bag_id }),
  }
}

/** A read cancelled by the replication it conflicted with (on a standby), or a snapshot that could not be kept. */
const isSerializationFailure = (error: unknown) => (error as { code?: unknown }).code === '40001'

/** Options of {@link postgresReadStore}. */
export interface PostgresReadStoreOptions {
  /** How often the published generation is read again. @default 1000 */
  readonly pollMs?: number
  /** Connections at most. @default 10 */
  readonly connections?: number
}

/** The replica has no read model: nothing was ever replicated to it. */
export class NoReplicaError extends Error {}

/**
 * The read store of a PostgreSQL database `propdata replicate` fills, a primary or a streaming replica of it. A
 * snapshot is a read-only repeatable-read transaction, run again once when replication cancels it; the published
 * generation is polled every `pollMs`, as a standby cannot notify, and read again within each snapshot.
 */
export async function postgresReadStore(
  url: string,
  options: PostgresReadStoreOptions = {},
): Promise<ReadStore> {
  const postgres: Postgres = await openPostgres(url, {
    applicationName: 'propdata serve',
    max: options.connections ?? 10,
  })
  const { pool } = postgres
  const compiler = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  const shapes = new Map<string, { page: Statement; count: Statement }>()
  const searchFor = (search: ListingSearch) => {
    const key = search.present.join(',')
    let shape = shapes.get(key)
    if (!shape) {
      const queries = searchQueries(compiler, search.present, 'postgres')
      shape = { page: compiled(queries.page), count: compiled(queries.count) }
      shapes.set(key, shape)
    }
    return shape
  }
  let latest = NOTHING_PUBLISHED
  // A snapshot that saw a newer generation than the last poll moves it on, so cached answers are not dropped for an
  // older one in between.
  const onPublication = (published: Published) => {
    if (published.generation > latest.generation) latest = published
  }
  const reads = postgresReads(pool, searchFor, onPublication)
  const poll = async () => {
    const row = (await rowsOf<{ generation: number; published_at: string }>(pool, PUBLICATION, {}))[0]
    latest = row ? toPublished(row) : NOTHING_PUBLISHED
  }
  try {
    await poll()
  } catch (error) {
    await postgres.close()
    if ((error as { code?: unknown }).code === '42P01')
      throw new NoReplicaError(
        `${redactedUrl(url)} holds no read model: run propdata replicate --to it first`,
      )
    throw error
  }
  // A failed poll (the server restarting) keeps the last generation seen; the next one tries again.
  const timer = setInterval(() => poll().catch(() => undefined), options.pollMs ?? 1000)
  timer.unref()

  return {
    engine: 'postgres',
    sqlite: null,
    reads,
    published: () => latest,
    async snapshot(work) {
      for (let attempt = 1; ; attempt++) {
        const { client, release } = await checkOut(pool)
        let failed = false
        try {
          const [, publication] = (await client.query(BEGIN_SNAPSHOT)) as unknown as pg.QueryResult[]
          const row = publication?.rows[0] as { generation: number; published_at: string } | undefined
          const published = row ? toPublished(row) : NOTHING_PUBLISHED
          const result = await work(postgresReads(client, searchFor, onPublication, published))
          await client.query('commit')
          return result
        } catch (error) {
          failed = true
          await client.query('rollback').catch(() => undefined)
          if (attempt === 1 && isSerializationFailure(error)) continue
          throw error
        } finally {
          release(failed)
        }
      }
    },
    keyIsActive: async (key_hash) => (await rowsOf(pool, SQL.keyIsActive, { key_hash })).length > 0,
    sources: () => readSources(pool),
    async close() {
      clearInterval(timer)
      await postgres.close()
    },
  }
}

/** The sources' status as the last replicate copied it. */
async function readSources(pool: Queryable): Promise<SourcesSnapshot> {
  const row = (
    await rowsOf<{
      fingerprint: string
      last_run_change: string | null
      sources_json: string
      generation: number
    }>(pool, SQL.sources, {})
  )[0]
  if (!row) return { fingerprint: '', generation: 0, sources: [], lastRunChange: null }
  return {
    fingerprint: row.fingerprint,
    generation: row.generation,
    sources: JSON.parse(row.sources_json) as SourceStatus[],
    lastRunChange: row.last_run_change,
  }
}
