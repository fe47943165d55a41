import type { StageClock } from '../clock/stage-clock.js'
import type { Listing } from '../kit/listing.js'
import {
  cityKey,
  normaliseCity,
  normalisePostcode,
  normaliseStreet,
  parseHouseNumber,
  postcodeKey,
  splitStreetAddress,
  streetKey,
  toAddressKey,
} from '../normalise/index.js'
import { type BagResolver, createBagResolver, type ResolveInput } from '../resolve/index.js'
import type { Store } from '../store/database.js'
import type { NewStageObservation, VerifiedBy } from '../store/schema.js'
import { createStageWriter, type UnchangedListing } from '../store/stage.repository.js'

/** The steps of staging that the run times. */
export type StagingStep = 'normalise' | 'resolve' | 'stage'

/**
 * A validated listing as the crawl hands it to the stager: the fields as the site gave them, address not yet
 * normalised. The stager completes a whole batch at once with {@link normaliseStageRows} just before writing it, so
 * normalising and resolving run in one tight loop (and their time is theirs, not the parser's garbage collection).
 */
export function rawStageRow(
  runId: number,
  sourceId: string,
  listing: Listing,
  verifiedBy: VerifiedBy | null = null,
): NewStageObservation {
  return {
    run_id: runId,
    source_id: sourceId,
    source_listing_id: listing.sourceListingId,
    url: listing.url,
    type: listing.type,
    price: listing.price,
    price_on_request: listing.priceOnRequest ? 1 : 0,
    surface_area: listing.surfaceArea,
    rooms: listing.rooms,
    energy_label: listing.energyLabel,
    year_built: listing.yearBuilt,
    dwelling_type: listing.dwellingType,
    street: listing.street,
    house_number: listing.houseNumber,
    postcode: listing.postcode,
    city: listing.city,
    city_key: null,
    listed_at: listing.listedAt,
    address_key: null,
    bag_vbo_id: null,
    bag_num_id: null,
    resolution: 'pending',
    verified_by: verifiedBy,
  }
}

/** Distinct place names kept: the Netherlands has about 2,500, so this is reached only by junk. */
const MAX_CITIES = 10_000
const cities = new Map<string, { readonly name: string; readonly key: string }>()

/**
 * A place name's display form and key, each distinct name worked out once: nearly every listing names a place
 * another listing named before, so a run works out a few hundred names however many rows it stages.
 */
function cityOf(raw: string): { readonly name: string; readonly key: string } {
  let city = cities.get(raw)
  if (city === undefined) {
    if (cities.size >= MAX_CITIES) cities.clear()
    city = { name: normaliseCity(raw), key: cityKey(raw) }
    cities.set(raw, city)
  }
  return city
}

/** Normalises a raw staged row's address in place, and returns what the resolver needs to know of it. */
function normaliseAddress(row: NewStageObservation): ResolveInput {
  const split = row.house_number || !row.street ? null : splitStreetAddress(row.street)
  const street = split ? split.street : row.street
  const houseNumber = parseHouseNumber(split ? split.houseNumber : row.house_number)
  const postcode = normalisePostcode(row.postcode)
  const pcKey = postcode ? postcodeKey(postcode) : null
  const city = cityOf(row.city ?? '')
  row.street = street ? normaliseStreet(street) : null
  row.house_number = houseNumber?.display ?? null
  row.postcode = postcode
  row.city = city.name
  row.city_key = city.key
  row.address_key = pcKey && houseNumber ? toAddressKey(pcKey, houseNumber) : null
  return {
    postcodeKey: pcKey,
    houseNumber,
    streetKey: street ? streetKey(street) : null,
    surfaceArea: row.surface_area ?? null,
  }
}

/**
 * Normalises a batch of raw staged rows' addresses and resolves them to BAG, in place. Each step is timed over the
 * whole batch: timed row by row, reading the clock would be a noticeable part of normalising.
 */
export function normaliseStageRows(
  rows: readonly NewStageObservation[],
  resolver: BagResolver,
  clock: StageClock<StagingStep>,
): void {
  const inputs = clock.time('normalise', () => rows.map(normaliseAddress))
  clock.time('resolve', () => {
    const resolutions = resolver.resolveAll(inputs)
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!
      const resolution = resolutions[i]!
      row.bag_vbo_id = resolution.objectId
      row.bag_num_id = resolution.numId
      row.resolution = resolution.method
    }
  })
}

/** Stages one run's listings as the crawls find them, in batches. */
export interface ListingStager {
  /**
   * A listing parsed this run, with how the crawl verified it (none for a file's); a listing parsed twice in a run
   * keeps its last version.
   */
  add(sourceId: string, listing: Listing, verifiedBy?: VerifiedBy): void
  /** A listing whose page (or card) is unchanged: staged as it was last published, copied rather than recomputed. */
  addUnchanged(sourceId: string, sourceListingId: string, verifiedBy: VerifiedBy): void
  /** Stages what is buffered. */
  flush(): void
  /** Listings normalised and resolved so far; those staged unchanged were already final. */
  normalised(): number
}

/**
 * A stager for run `runId`. It buffers listings and, a batch at a time, normalises and resolves them, then hands
 * the finished rows to the stage writer, all in one transaction: outside one, each of the batch's BAG look-ups would
 * open and close a read transaction of its own (file locks and a WAL check each time).
 */
export function createListingStager(
  store: Store,
  runId: number,
  clock: StageClock<StagingStep>,
  batchSize = 10_000,
): ListingStager {
  const resolver = createBagResolver(store.sqlite)
  const writer = createStageWriter(store)
  let fresh: NewStageObservation[] = []
  let unchanged: UnchangedListing[] = []
  let normalised = 0
  const stage = store.sqlite.transaction(
    (rows: readonly NewStageObservation[], copies: readonly UnchangedListing[]) => {
      normaliseStageRows(rows, resolver, clock)
      writer.write(rows, copies)
    },
  )
  const flush = () => {
    if (fresh.length + unchanged.length === 0) return
    clock.time('stage', () => stage.immediate(fresh, unchanged))
    normalised += fresh.length
    fresh = []
    unchanged = []
  }
  const added = () => {
    if (fresh.length + unchanged.length >= batchSize) flush()
  }
  return {
    add(sourceId, listing, verifiedBy) {
      fresh.push(rawStageRow(runId, sourceId, listing, verifiedBy))
      added()
    },
    addUnchanged(sourceId, sourceListingId, verifiedBy) {
      unchanged.push([runId, sourceId, sourceListingId, verifiedBy])
      added()
    },
    flush,
    normalised: () => normalised,
  }
}
