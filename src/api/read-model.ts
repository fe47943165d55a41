import type BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import { normalisePostcode, parseHouseNumber, postcodeKey } from '../normalise/index.js'
import { type AddressRow, createNumberMatcher } from '../resolve/index.js'
import type { Store } from '../store/database.js'
import { objectRows, param, prepareQuery, type RowReader } from '../store/prepared.js'
import { ANY_KEY as ANY } from '../store/publication.repository.js'
import type { GoldenRecordRow } from '../store/schema.js'
import { createValuationService, type ValuationService } from '../valuate/valuation-service.js'
import { LISTING_FIELDS, type ListingFields, listingJson, NEWEST_FIRST } from './listing-json.js'
import { COUNTED_FILTERS, LISTING_FILTERS, searchQueries, searchValues } from './listing-search.js'
import { LruCache } from './lru-cache.js'
import { LISTINGS_PER_PROPERTY, propertyJson } from './property-json.js'
import type { AddressQuery, ListingsQuery } from './schemas.js'

/** The generation the API serves and when it was published. */
export interface Published {
  readonly generation: number
  readonly publishedAt: string
}

/** A response body with the generation it was read from (the ETag of exactly that body) and its key. */
export interface Answer<T> {
  readonly published: Published
  readonly body: T
  /** Names the body within its generation, whichever cache it came from: what its compressed forms are kept by. */
  readonly key: string
}

/** The published data as the API serves it, with counts and responses cached per generation. */
export interface ReadModel {
  readonly store: Store
  /** Re-reads the generation when another connection committed; returns the current one. */
  sync(): Published
  /** The `/v1/listings` body for a validated query, serialised. */
  listings(query: ListingsQuery): Answer<string>
  /** The `/v1/listings/{id}` body of the listing with numeric id `id`, serialised, or null when there is none. */
  listing(id: number): Answer<string | null>
  /** The listing a merged-away listing id became (see `mergeListingsByFacts`), or null when `id` is no alias. */
  survivorOf(id: number): number | null
  /** The `/v1/properties/{id}` body, serialised, or null when there is no record. */
  property(bagId: string): Answer<string | null>
  /** The `/v1/properties?postcode=…` body: the Golden Records at an address, as the resolver decides it. */
  propertiesAt(address: AddressQuery): Answer<string>
  /** Cache sizes, for the memory figures and /metrics. */
  stats(): {
    listingResponses: { entries: number; chars: number }
    propertyResponses: { entries: number; chars: number }
    counts: number
  }
}

/** Builds the read model over a (read-only) store. */
export function createReadModel(store: Store): ReadModel {
  const { db, sqlite } = store
  const dataVersion = sqlite.prepare('pragma data_version').pluck()
  const publication = sqlite.prepare<[], { generation: number; published_at: string }>(
    'select generation, published_at from publication where id = 1',
  )
  const countFromTable = prepareQuery<{ city_key: string; type: string }, { n: number }>(
    sqlite,
    db
      .selectFrom('listing_counts')
      .select('n')
      .where('city_key', '=', param('city_key'))
      .where('type', '=', param('type')),
  )
  const goldenRecord = objectRows(
    prepareQuery<{ bag_id: string }, GoldenRecordRow>(
      sqlite,
      db.selectFrom('golden_records').selectAll().where('bag_id', '=', param('bag_id')),
    ),
  )
  const listingById = objectRows(
    prepareQuery<{ id: number }, ListingFields>(
      sqlite,
      db.selectFrom('listings').select(LISTING_FIELDS).where('id', '=', param('id')),
    ),
  )
  const survivor = prepareQuery<{ id: number }, { survivor_id: number }>(
    sqlite,
    db.selectFrom('listing_aliases').select('survivor_id').where('listing_id', '=', param('id')),
  )
  const matchNumber = createNumberMatcher(sqlite)
  const objectOfAddress = prepareQuery<{ num_id: string }, { object_id: string }>(
    sqlite,
    db.selectFrom('bag_addresses').select('object_id').where('num_id', '=', param('num_id')),
  )
  const listingsOfHome = objectRows(
    prepareQuery<{ bag_id: string }, ListingFields>(
      sqlite,
      db
        .selectFrom('listings')
        .select(LISTING_FIELDS)
        .where('bag_id', '=', param('bag_id'))
        .orderBy('status')
        .orderBy(sql.raw(NEWEST_FIRST))
        .limit(sql.lit(LISTINGS_PER_PROPERTY)),
    ),
  )
  const shapes = new Map<
    string,
    { page: RowReader<[Record<string, unknown>], ListingFields>; count: BetterSqlite3.Statement }
  >()
  const counts = new Map<string, number>()
  const responses = new LruCache<string>(20_000, 64 * 1024 * 1024)
  // Homes clients ask about again (the ones they track) are answered from memory until the next publish: a record
  // is about 1 KB, so this holds the 50,000 most recent in about 50 MB. A home asked about once is not kept.
  const properties = new LruCache<string>(50_000, 64 * 1024 * 1024, { admitOnSecondSet: true })
  const valuations: ValuationService = createValuationService(store)
  // Made once: better-sqlite3 wraps the function on every transaction() call.
  const readInSnapshot = sqlite.transaction(
    (cache: LruCache<string>, key: string, read: () => string | null): Answer<string | null> => {
      const snapshot = sync()
      const body = read()
      if (body !== null) cache.set(key, body)
      return { published: snapshot, body, key }
    },
  )
  let version = -1
  let current = { generation: -1, publishedAt: '' }

  /** One pair of statements per combination of filters present (`values`); values are bound by name. */
  const statementsFor = (values: Record<string, unknown>) => {
    const present = LISTING_FILTERS.filter((f) => values[f.name] !== undefined).map((f) => f.name)
    const key = present.join(',')
    let shape = shapes.get(key)
    if (!shape) {
      const queries = searchQueries(db, present)
      shape = {
        page: objectRows(prepareQuery<Record<string, unknown>, ListingFields>(sqlite, queries.page)),
        count: prepareQuery(sqlite, queries.count),
      }
      shapes.set(key, shape)
    }
    return shape
  }

  const sync = () => {
    const v = dataVersion.get() as number
    if (v !== version) {
      version = v
      const row = publication.get()!
      if (row.generation !== current.generation) {
        counts.clear()
        responses.clear()
        properties.clear()
        valuations.reset()
      }
      current = { generation: row.generation, publishedAt: row.published_at }
    }
    return current
  }

  return {
    store,
    sync,
    listings(q) {
      const values = searchValues(q)
      // The filters name the count; with the page they name the response.
      const countKey = JSON.stringify([values.status, ...LISTING_FILTERS.map((f) => values[f.name] ?? null)])
      return answer(responses, `listings|${countKey}|${q.page ?? 1}|${q.page_size ?? 20}`, () =>
        readListings(q, values, countKey),
      )
    },
    listing(id) {
      return answer(responses, `listing|${id}`, () => {
        const row = listingById.get({ id })
        return row ? listingJson(row) : null
      })
    },
    survivorOf(id) {
      return survivor.get({ id })?.survivor_id ?? null
    },
    property(bagId) {
      return answer(properties, `property|${bagId}`, () => readProperty(bagId))
    },
    propertiesAt(address) {
      const printed = `${address.number}${address.letter ?? ''}${address.addition ? `-${address.addition}` : ''}`
      const key = `address|${address.postcode.replace(/\s/g, '')}|${printed}`.toUpperCase()
      return answer(properties, key, () => readAddress(address.postcode, printed))
    },
    stats: () => ({
      listingResponses: responses.stats,
      propertyResponses: properties.stats,
      counts: counts.size,
    }),
  }

  /**
   * A body from this generation's cache, or read in one transaction, so the body and the generation it is tagged
   * with come from the same snapshot. A cache hit needs no transaction: the cache only ever holds bodies of the
   * generation last seen, so a hit stands when sync() still sees that one. A miss checks the generation once, inside
   * the transaction, as every check asks SQLite for a read lock of its own.
   */
  function answer<T extends string | null>(cache: LruCache<string>, key: string, read: () => T): Answer<T> {
    const cached = cache.get(key)
    if (cached !== undefined) {
      const { generation } = current
      const published = sync()
      if (published.generation === generation) return { published, body: cached as T, key }
    }
    return readInSnapshot(cache, key, read) as Answer<T>
  }

  /** A page of listings and the exact total, serialised; `values` are the status and the filters given. */
  function readListings(q: ListingsQuery, values: Record<string, unknown>, countKey: string): string {
    const page = q.page ?? 1
    const pageSize = q.page_size ?? 20
    const statements = statementsFor(values)
    let total = counts.get(countKey)
    if (total === undefined) {
      // Active listings by city and type were counted at publish; any other count is made once per generation.
      const precomputed =
        values.status === 'active' &&
        LISTING_FILTERS.every((f) => values[f.name] === undefined || COUNTED_FILTERS.has(f.name))
      total = precomputed
        ? (countFromTable.get({
            city_key: (values.city as string) ?? ANY,
            type: (values.type as string) ?? ANY,
          })?.n ?? 0)
        : (statements.count.get(values) as { n: number }).n
      counts.set(countKey, total)
    }
    const offset = (page - 1) * pageSize
    const rows = offset >= total ? [] : statements.page.all({ ...values, limit: pageSize, offset })
    return `{"data":[${rows.map(listingJson).join(',')}],"meta":${JSON.stringify({ total, page, page_size: pageSize })}}`
  }

  /**
   * The Golden Records at an address, the postcode and house number read and resolved exactly as a listing's are:
   * the one home it resolves to, every candidate when it is ambiguous, none when nothing is there.
   */
  function readAddress(postcode: string, printed: string): string {
    const normalised = normalisePostcode(postcode)
    const houseNumber = parseHouseNumber(printed)
    const match =
      normalised && houseNumber
        ? matchNumber(postcodeKey(normalised), houseNumber)
        : { method: 'not-found', rows: [] }
    const records = [...match.rows]
      .sort(byHouseNumber)
      .flatMap((row) => readProperty(row.object_id) ?? [])
      .join(',')
    return `{"data":[${records}],"meta":${JSON.stringify({ resolution: match.method })}}`
  }

  /** A golden record as the API's JSON, valued with the current models, or null. */
  function readProperty(bagId: string): string | null {
    const objectId = bagId.slice(4, 6) === '20' ? objectOfAddress.get({ num_id: bagId })?.object_id : bagId
    if (!objectId) return null
    const row = goldenRecord.get({ bag_id: objectId })
    if (!row) return null
    const listings = listingsOfHome.all({ bag_id: row.bag_id }).map(listingJson).join(',')
    return propertyJson(row, valuations.value(row), listings)
  }
}

/** Addresses in the order a building lists them: by letter, then addition, then object id. */
function byHouseNumber(a: AddressRow, b: AddressRow): number {
  return (
    (a.huisletter ?? '').localeCompare(b.huisletter ?? '') ||
    (a.toevoeging ?? '').localeCompare(b.toevoeging ?? '', 'en', { numeric: true }) ||
    a.object_id.localeCompare(b.object_id)
  )
}
