import type { Store } from '../store/database.js'
import { objectRows } from '../store/prepared.js'
import type { GoldenRecordRow } from '../store/schema.js'
import { createValuationService } from '../valuate/valuation-service.js'
import { LISTING_SELECT, type ListingFields, listingJson, NEWEST_FIRST } from './listing-json.js'
import { LISTINGS_PER_PROPERTY, propertyJson } from './property-json.js'

/** A run of finished `/v1/properties` bodies, packed into one buffer. */
export interface DocumentChunk {
  readonly generation: number
  readonly ids: readonly string[]
  /** Where each body starts in `bytes`, and after the last one where it ends: `ids.length + 1` entries. */
  readonly offsets: Uint32Array
  readonly bytes: Uint8Array
}

/** What a build covered. */
export interface DocumentBuildSummary {
  readonly generation: number
  readonly entries: number
  readonly bytes: number
  /** False when `maxBytes` stopped it before the last record. */
  readonly complete: boolean
}

/** Options for {@link buildPropertyDocuments}. */
export interface DocumentBuildOptions {
  /** Stop after this many bytes of bodies. */
  readonly maxBytes: number
  /** Bytes per chunk. @default 8 MiB */
  readonly chunkBytes?: number
  /** Golden records read per statement. @default 2,000 */
  readonly pageSize?: number
}

/**
 * Builds the `/v1/properties/{bag_id}` body of every golden record (in bag_id order, up to `maxBytes`), exactly as
 * the read model would answer it, all from one read snapshot so every body belongs to the generation it is tagged
 * with. Reads page by page (keyset on bag_id, listings of the same id range in one statement), so memory holds one
 * page and one chunk, whatever the size of the database.
 */
export function* buildPropertyDocuments(
  store: Store,
  options: DocumentBuildOptions,
): Generator<DocumentChunk, DocumentBuildSummary> {
  const { sqlite } = store
  const chunkBytes = options.chunkBytes ?? 8 * 1024 * 1024
  const pageSize = options.pageSize ?? 2000
  const records = objectRows(
    sqlite.prepare<[string, number], GoldenRecordRow>(
      'select * from golden_records where bag_id > ? order by bag_id limit ?',
    ),
  )
  // The same order as the read model's listings of one home, for a range of homes.
  const listings = objectRows(
    sqlite.prepare<[string, string], ListingFields>(
      `select ${LISTING_SELECT.join(', ')} from listings where bag_id between ? and ?
        order by bag_id, status, ${NEWEST_FIRST}`,
    ),
  )
  const valuations = createValuationService(store)
  sqlite.exec('begin')
  try {
    const generation = sqlite.prepare('select generation from publication where id = 1').pluck().get() as
      | number
      | undefined
    if (generation === undefined) return { generation: 0, entries: 0, bytes: 0, complete: true }
    let slab = Buffer.allocUnsafeSlow(chunkBytes)
    let used = 0
    let ids: string[] = []
    let offsets: number[] = [0]
    let entries = 0
    let total = 0
    const flush = (): DocumentChunk => {
      const chunk = { generation, ids, offsets: Uint32Array.from(offsets), bytes: slab.subarray(0, used) }
      entries += ids.length
      total += used
      slab = Buffer.allocUnsafeSlow(chunkBytes)
      used = 0
      ids = []
      offsets = [0]
      return chunk
    }
    let after = ''
    let complete = true
    pages: for (;;) {
      const page = records.all(after, pageSize)
      if (page.length === 0) break
      after = page.at(-1)!.bag_id
      const byHome = new Map<string, string[]>()
      for (const listing of listings.all(page[0]!.bag_id, after)) {
        const own = byHome.get(listing.bag_id!) ?? []
        if (own.length < LISTINGS_PER_PROPERTY) own.push(listingJson(listing))
        byHome.set(listing.bag_id!, own)
      }
      for (const row of page) {
        const body = propertyJson(row, valuations.value(row), byHome.get(row.bag_id)?.join(',') ?? '')
        // UTF-8 takes at most three bytes per UTF-16 unit; a body larger than a whole chunk gets a slab of its own.
        const room = body.length * 3
        if (total + used + room > options.maxBytes) {
          complete = false
          break pages
        }
        if (used + room > slab.length && ids.length > 0) yield flush()
        if (room > slab.length) slab = Buffer.allocUnsafeSlow(room)
        used += slab.write(body, used)
        ids.push(row.bag_id)
        offsets.push(used)
      }
    }
    if (ids.length > 0) yield flush()
    return { generation, entries, bytes: total, complete }
  } finally {
    sqlite.exec('commit')
  }
}
