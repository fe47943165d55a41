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
import type { NewStageObservation } from '../store/schema.js'

/** Time spent per CPU stage, summed over a run, for the run report and the benchmark. */
export interface StageTimings {
  normaliseMs: number
  resolveMs: number
}

/**
 * A validated listing as the crawl hands it to the stage writer: the fields as the site gave them, address not yet
 * normalised. The writer completes a whole batch at once with {@link normaliseStageRow} just before writing it, so
 * normalising and resolving run in one tight loop (and their time is theirs, not the parser's garbage collection).
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
    resolution: 'pending',
  }
}

/** Normalises a raw staged row's address and resolves it to BAG, in place. */
export function normaliseStageRow(
  row: NewStageObservation,
  resolver: BagResolver,
  timings: StageTimings,
): void {
  let t = performance.now()
  const split = row.house_number || !row.street ? null : splitStreetAddress(row.street)
  const street = split ? split.street : row.street
  const houseNumber = parseHouseNumber(split ? split.houseNumber : row.house_number)
  const postcode = normalisePostcode(row.postcode)
  const pcKey = postcode ? postcodeKey(postcode) : null
  const city = row.city ?? ''
  const streetKeyValue = street ? streetKey(street) : null
  row.street = street ? normaliseStreet(street) : null
  row.house_number = houseNumber?.display ?? null
  row.postcode = postcode
  row.city = normaliseCity(city)
  row.city_key = cityKey(city)
  row.address_key = pcKey && houseNumber ? toAddressKey(pcKey, houseNumber) : null
  const now = performance.now()
  timings.normaliseMs += now - t
  t = now
  const resolution = resolver.resolve({
    postcodeKey: pcKey,
    houseNumber,
    streetKey: streetKeyValue,
    surfaceArea: row.surface_area ?? null,
  })
  timings.resolveMs += performance.now() - t
  row.bag_vbo_id = resolution.objectId
  row.bag_num_id = resolution.numId
  row.resolution = resolution.method
}
