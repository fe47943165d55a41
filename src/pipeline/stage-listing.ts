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
import type { BagResolver } from '../resolve/index.js'
import type { NewStageObservation, StageObservationTable } from '../store/schema.js'
import { type StagedAddressColumns, stageContentHash } from '../store/stage.repository.js'

/** Time spent per CPU stage, summed over a run, for the run report and the benchmark. */
export interface StageTimings {
  normaliseMs: number
  resolveMs: number
}

/** A staged row whose address still reads as the site printed it: the normalise and resolve pass picks it up. */
export const PENDING = 'pending'

/**
 * A validated listing as the crawl stages it: the fields as the site gave them, address not yet normalised. The
 * crawl does no more than this, so normalising and resolving run afterwards in one tight pass over the staged rows
 * (and their time is theirs, not the parser's garbage collection).
 */
export function rawStageRow(runId: number, sourceId: string, listing: Listing): NewStageObservation {
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
    resolution: PENDING,
    content_hash: '',
  }
}

/** The columns the normalise and resolve pass fills in: the address columns and the content hash over them. */
export type NormalisedColumns = StagedAddressColumns & Pick<StageObservationTable, 'content_hash'>

/**
 * Normalises a staged row's address and resolves it to BAG. The content hash covers everything that ends up
 * published, the resolution included, so an unchanged listing is recognised as unchanged.
 */
export function normaliseStagedRow(
  row: StageObservationTable,
  resolver: BagResolver,
  timings: StageTimings,
): NormalisedColumns {
  let t = performance.now()
  const split = row.house_number || !row.street ? null : splitStreetAddress(row.street)
  const street = split ? split.street : row.street
  const houseNumber = parseHouseNumber(split ? split.houseNumber : row.house_number)
  const postcode = normalisePostcode(row.postcode)
  const pcKey = postcode ? postcodeKey(postcode) : null
  const city = row.city ?? ''
  const normalised = {
    street: street ? normaliseStreet(street) : null,
    house_number: houseNumber?.display ?? null,
    postcode,
    city: normaliseCity(city),
    city_key: cityKey(city),
    address_key: pcKey && houseNumber ? toAddressKey(pcKey, houseNumber) : null,
  }
  const streetKeyValue = street ? streetKey(street) : null
  const now = performance.now()
  timings.normaliseMs += now - t
  t = now
  const resolution = resolver.resolve({
    postcodeKey: pcKey,
    houseNumber,
    streetKey: streetKeyValue,
    surfaceArea: row.surface_area,
  })
  timings.resolveMs += performance.now() - t
  const columns: NormalisedColumns = {
    street: normalised.street,
    house_number: normalised.house_number,
    postcode: normalised.postcode,
    city: normalised.city,
    city_key: normalised.city_key,
    address_key: normalised.address_key,
    bag_vbo_id: resolution.objectId,
    bag_num_id: resolution.numId,
    resolution: resolution.method,
    content_hash: '',
  }
  columns.content_hash = stageContentHash(row, columns)
  return columns
}

/** A listing normalised and resolved in one go, as one staged row (tests and single listings). */
export function stageListing(
  runId: number,
  sourceId: string,
  listing: Listing,
  resolver: BagResolver,
  timings: StageTimings,
): NewStageObservation {
  const raw = rawStageRow(runId, sourceId, listing)
  return Object.assign(raw, normaliseStagedRow(raw as StageObservationTable, resolver, timings))
}
