import { normalisePostcode, parseHouseNumber, postcodeKey } from '../normalise/index.js'
import { type AddressRow, matchByNumber } from '../resolve/index.js'
import { ANY_KEY as ANY } from '../store/publication.repository.js'
import { listingJson } from './listing-json.js'
import { COUNTED_FILTERS, LISTING_FILTERS, searchValues } from './listing-search.js'
import { LruCache } from './lru-cache.js'
import { NOT_VALUED_YET, propertyJson } from './property-json.js'
import type { Eventually, ListingSearch, Published, ReadModelReads, ReadStore } from './read-store.js'
import type { AddressQuery, ListingsQuery } from './schemas.js'

export type { Published } from './read-store.js'

/** A response body with the generation it was read from (the ETag of exactly that body) and its key. */
export interface Answer<T> {
  readonly published: Published
  readonly body: T
  /** Names the body within its generation, whichever cache it came from: what its compressed forms are kept by. */
  readonly key: string
}

/** The published data as the API serves it, with counts and responses cached per generation. */
export interface ReadModel {
  readonly store: ReadStore
  /** The generation published now (as the store last saw it); a new one empties the caches. */
  sync(): Published
  /** The `/v1/listings` body for a validated query, serialised. */
  listings(query: ListingsQuery): Eventually<Answer<string>>
  /** The `/v1/listings/{id}` body of the listing with numeric id `id`, serialised, or null when there is none. */
  listing(id: number): Eventually<Answer<string | null>>
  /** The listing a merged-away listing id became (see `mergeListingsByFacts`), or null when `id` is no alias. */
  survivorOf(id: number): Promise<number | null>
  /** The `/v1/properties/{id}` body, serialised, or null when there is no record. */
  property(bagId: string): Eventually<Answer<string | null>>
  /** The `/v1/properties?postcode=…` body: the Golden Records at an address, as the resolver decides it. */
  propertiesAt(address: AddressQuery): Eventually<Answer<string>>
  /** Cache sizes, for the memory figures and /metrics. */
  stats(): {
    listingResponses: { entries: number; chars: number }
    propertyResponses: { entries: number; chars: number }
    counts: number
  }
}

/** A listings search: its status and filters by name, the names present, and the key its count is kept by. */
interface Search extends ListingSearch {
  readonly countKey: string
}

/** Builds the read model over a read store (SQLite or a PostgreSQL replica). */
export function createReadModel(store: ReadStore): ReadModel {
  const counts = new Map<string, number>()
  const responses = new LruCache<string>(20_000, 64 * 1024 * 1024)
  // Homes clients ask about again (the ones they track) are answered from memory until the next publish, up to
  // 50,000 answers or 64 MiB of text, whichever comes first. A home asked about once is not kept.
  const properties = new LruCache<string>(50_000, 64 * 1024 * 1024, { admitOnSecondSet: true })
  /** The generation the caches hold bodies of. */
  let cached = -1

  /** Empties the caches when `published` is another generation than theirs. */
  const seen = (published: Published) => {
    if (published.generation !== cached) {
      counts.clear()
      responses.clear()
      properties.clear()
      cached = published.generation
    }
    return published
  }
  const sync = () => seen(store.published())

  /**
   * A body from this generation's cache, or read in one snapshot, so the body and the generation it is tagged with
   * come from the same one. A cache hit needs no snapshot: the caches only ever hold bodies of the generation last
   * seen, so a hit stands while the store still publishes that one. A hit is answered at once, without a promise.
   */
  function answer<T extends string | null>(
    cache: LruCache<string>,
    key: string,
    read: (reads: ReadModelReads) => Promise<T>,
  ): Eventually<Answer<T>> {
    const hit = cache.get(key)
    if (hit !== undefined) {
      const generation = cached
      const published = sync()
      if (published.generation === generation) return { published, body: hit as T, key }
    }
    return store.snapshot(async (reads) => {
      const published = seen(await reads.publication())
      const body = await read(reads)
      if (body !== null && published.generation === cached) cache.set(key, body)
      return { published, body, key }
    })
  }

  /** A page of listings and the exact total, serialised. */
  async function readListings(reads: ReadModelReads, q: ListingsQuery, search: Search): Promise<string> {
    const page = q.page ?? 1
    const pageSize = q.page_size ?? 20
    let total = counts.get(search.countKey)
    if (total === undefined) {
      total = await countOf(reads, search)
      counts.set(search.countKey, total)
    }
    const offset = (page - 1) * pageSize
    const rows = offset >= total ? [] : await reads.listingsPage(search, pageSize, offset)
    return `{"data":[${rows.map(listingJson).join(',')}],"meta":${JSON.stringify({ total, page, page_size: pageSize })}}`
  }

  return {
    store,
    sync,
    listings(q) {
      const values = searchValues(q)
      const present = LISTING_FILTERS.filter((f) => values[f.name] !== undefined).map((f) => f.name)
      // The filters name the count; with the page they name the response.
      const countKey = JSON.stringify([values.status, ...LISTING_FILTERS.map((f) => values[f.name] ?? null)])
      return answer(responses, `listings|${countKey}|${q.page ?? 1}|${q.page_size ?? 20}`, (reads) =>
        readListings(reads, q, { values, present, countKey }),
      )
    },
    listing(id) {
      return answer(responses, `listing|${id}`, async (reads) => {
        const row = await reads.listing(id)
        return row ? listingJson(row) : null
      })
    },
    async survivorOf(id) {
      return (await store.reads.survivorOf(id)) ?? null
    },
    property(bagId) {
      return answer(properties, `property|${bagId}`, (reads) => readProperty(reads, bagId))
    },
    propertiesAt(address) {
      const printed = `${address.number}${address.letter ?? ''}${address.addition ? `-${address.addition}` : ''}`
      const key = `address|${address.postcode.replace(/\s/g, '')}|${printed}`.toUpperCase()
      return answer(properties, key, (reads) => readAddress(reads, address.postcode, printed))
    },
    stats: () => ({
      listingResponses: responses.stats,
      propertyResponses: properties.stats,
      counts: counts.size,
    }),
  }
}

/** Active listings by city and type were counted at publish; any other count is made once per generation. */
async function countOf(reads: ReadModelReads, { values, present }: ListingSearch): Promise<number> {
  const precomputed = values.status === 'active' && present.every((name) => COUNTED_FILTERS.has(name))
  if (!precomputed) return reads.countListings({ values, present })
  const cityKey = (values.city as string | undefined) ?? ANY
  return (await reads.listingCount(cityKey, (values.type as string | undefined) ?? ANY)) ?? 0
}

/**
 * The Golden Records at an address, the postcode and house number read and resolved exactly as a listing's are:
 * the one home it resolves to, every candidate when it is ambiguous, none when nothing is there.
 */
async function readAddress(reads: ReadModelReads, postcode: string, printed: string): Promise<string> {
  const normalised = normalisePostcode(postcode)
  const houseNumber = parseHouseNumber(printed)
  const match =
    normalised && houseNumber
      ? matchByNumber(await reads.addressesAt(postcodeKey(normalised), houseNumber.huisnummer), houseNumber)
      : { method: 'not-found', rows: [] }
  const records: string[] = []
  for (const row of [...match.rows].sort(byHouseNumber)) {
    const record = await readProperty(reads, row.object_id)
    if (record !== null) records.push(record)
  }
  return `{"data":[${records.join(',')}],"meta":${JSON.stringify({ resolution: match.method })}}`
}

/** A golden record as the API's JSON, with the valuation and rent regulation the publish stored for it, or null. */
async function readProperty(reads: ReadModelReads, bagId: string): Promise<string | null> {
  const objectId = bagId.slice(4, 6) === '20' ? await reads.objectOfAddress(bagId) : bagId
  if (!objectId) return null
  const row = await reads.goldenRecord(objectId)
  if (!row) return null
  const listings = await reads.listingsOfHome(row.bag_id)
  const values = await reads.storedValues(row.bag_id)
  return propertyJson(
    row,
    {
      valuation: values?.valuation_json ?? NOT_VALUED_YET,
      rentRegulation: values?.rent_regulation_json ?? null,
    },
    listings.map(listingJson).join(','),
  )
}

/** Addresses in the order a building lists them: by letter, then addition, then object id. */
function byHouseNumber(a: AddressRow, b: AddressRow): number {
  return (
    (a.huisletter ?? '').localeCompare(b.huisletter ?? '') ||
    (a.toevoeging ?? '').localeCompare(b.toevoeging ?? '', 'en', { numeric: true }) ||
    a.object_id.localeCompare(b.object_id)
  )
}
