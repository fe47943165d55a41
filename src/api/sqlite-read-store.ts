import type BetterSqlite3 from 'better-sqlite3'
import { sql } from 'kysely'
import type { AddressRow } from '../resolve/index.js'
import type { Store } from '../store/database.js'
import { objectRows, param, prepareQuery, type RowReader } from '../store/prepared.js'
import { createKeyLookup } from './api-keys.js'
import { LISTING_FIELDS, type ListingFields, NEWEST_FIRST } from './listing-json.js'
import { searchQueries } from './listing-search.js'
import { LISTINGS_PER_PROPERTY, type ServedGoldenRecord } from './property-json.js'
import type { ListingSearch, Published, ReadModelReads, ReadStore, StoredValuesRow } from './read-store.js'
import { sourceStatusReaderFor } from './source-status.js'

/** The read model's reads over a SQLite store, prepared once; `published` reads the generation (see below). */
function sqliteReads(store: Store, published: () => Published): ReadModelReads {
  const { db, sqlite } = store
  const countFromTable = prepareQuery<{ city_key: string; type: string }, { n: number }>(
    sqlite,
    db
      .selectFrom('listing_counts')
      .select('n')
      .where('city_key', '=', param('city_key'))
      .where('type', '=', param('type')),
  )
  const goldenRecord = objectRows(
    prepareQuery<{ bag_id: string }, ServedGoldenRecord>(
      sqlite,
      db.selectFrom('golden_records').selectAll().where('bag_id', '=', param('bag_id')),
    ),
  )
  const valuesOf = prepareQuery<{ bag_id: string }, StoredValuesRow>(
    sqlite,
    db
      .selectFrom('valuations')
      .select(['valuation_json', 'rent_regulation_json'])
      .where('bag_id', '=', param('bag_id')),
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
  const addresses = sqlite.prepare<[string, number], AddressRow>(
    'select num_id, object_id, huisletter, toevoeging from bag_addresses where postcode = ? and huisnummer = ?',
  )
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
  /** One pair of statements per combination of filters present; values are bound by name. */
  const statementsFor = (search: ListingSearch) => {
    const key = search.present.join(',')
    let shape = shapes.get(key)
    if (!shape) {
      const queries = searchQueries(db, search.present, 'sqlite')
      shape = {
        page: objectRows(prepareQuery<Record<string, unknown>, ListingFields>(sqlite, queries.page)),
        count: prepareQuery(sqlite, queries.count),
      }
      shapes.set(key, shape)
    }
    return shape
  }
  return {
    publication: () => published(),
    listingCount: (city_key, type) => countFromTable.get({ city_key, type })?.n,
    countListings: (search) => (statementsFor(search).count.get(search.values) as { n: number }).n,
    listingsPage: (search, limit, offset) =>
      statementsFor(search).page.all({ ...search.values, limit, offset }),
    listing: (id) => listingById.get({ id }),
    survivorOf: (id) => survivor.get({ id })?.survivor_id,
    objectOfAddress: (num_id) => objectOfAddress.get({ num_id })?.object_id,
    addressesAt: (postcodeKey, huisnummer) => addresses.all(postcodeKey, huisnummer),
    goldenRecord: (bag_id) => goldenRecord.get({ bag_id }),
    storedValues: (bag_id) => valuesOf.get({ bag_id }),
    listingsOfHome: (bag_id) => listingsOfHome.all({ bag_id }),
  }
}

/**
 * The read store of a SQLite database (opened read-only by the server). A snapshot is a read transaction; as every
 * read here completes at once, snapshots that overlap (their awaits interleave within one turn of the event loop)
 * share one transaction, which ends when the last of them does, before any other I/O is handled.
 */
export function sqliteReadStore(store: Store): ReadStore {
  const { sqlite } = store
  const dataVersion = sqlite.prepare('pragma data_version').pluck()
  const publication = sqlite.prepare<[], { generation: number; published_at: string }>(
    'select generation, published_at from publication where id = 1',
  )
  const begin = sqlite.prepare('begin')
  const commit = sqlite.prepare('commit')
  const keyIsActive = createKeyLookup(store)
  const sources = sourceStatusReaderFor(store)
  const lastRunChange = sqlite
    .prepare<[], string | null>('select max(coalesce(finished_at, started_at)) from runs')
    .pluck()
  let version = -1
  let current: Published = { generation: -1, publishedAt: '' }
  let open = 0
  /**
   * The generation, read again only when another connection committed since (`data_version` moved): inside a
   * snapshot, the snapshot's own.
   */
  const published = () => {
    const v = dataVersion.get() as number
    if (v !== version) {
      version = v
      const row = publication.get()!
      current = { generation: row.generation, publishedAt: row.published_at }
    }
    return current
  }
  /** The generation of the open snapshot, read as it begins: no commit can move it before the snapshot ends. */
  let snapshotGeneration = current
  const reads = sqliteReads(store, () => (open > 0 ? snapshotGeneration : published()))
  return {
    engine: 'sqlite',
    sqlite: store,
    reads,
    published,
    async snapshot(work) {
      if (open++ === 0) {
        begin.run()
        snapshotGeneration = published()
      }
      try {
        return await work(reads)
      } finally {
        if (--open === 0) commit.run()
      }
    },
    keyIsActive: async (hash) => keyIsActive(hash),
    async sources() {
      return { ...(await sources.read()), lastRunChange: lastRunChange.get() ?? null }
    },
    close: () => store.close(),
  }
}
