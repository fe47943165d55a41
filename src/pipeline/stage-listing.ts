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
import { stageContentHash } from '../store/stage.repository.js'

/** Time spent per CPU stage, summed over a run, for the run report and the benchmark. */
export interface StageTimings {
  normaliseMs: number
  resolveMs: number
}

/**
 * Normalises a validated listing's address and resolves it to BAG, producing the row that waits in
 * `stage_observations` until publish. The content hash covers everything that ends up published, the resolution
 * included, so an unchanged listing is recognised as unchanged.
 */
export function stageListing(
  runId: number,
  sourceId: string,
  listing: Listing,
  resolver: BagResolver,
  timings: StageTimings,
): NewStageObservation {
  let t = performance.now()
  const split = listing.houseNumber || !listing.street ? null : splitStreetAddress(listing.street)
  const street = split ? split.street : listing.street
  const houseNumber = parseHouseNumber(split ? split.houseNumber : listing.houseNumber)
  const postcode = normalisePostcode(listing.postcode)
  const pcKey = postcode ? postcodeKey(postcode) : null
  const address = {
    street: street ? normaliseStreet(street) : null,
    streetKey: street ? streetKey(street) : null,
    houseNumber,
    postcode,
    city: normaliseCity(listing.city),
    cityKey: cityKey(listing.city),
    addressKey: pcKey && houseNumber ? toAddressKey(pcKey, houseNumber) : null,
  }
  const now = performance.now()
  timings.normaliseMs += now - t
  t = now
  const resolution = resolver.resolve({
    postcodeKey: pcKey,
    houseNumber,
    streetKey: address.streetKey,
    surfaceArea: listing.surfaceArea,
  })
  timings.resolveMs += performance.now() - t

  const row: Omit<NewStageObservation, 'content_hash'> = {
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
    street: address.street,
    house_number: houseNumber?.display ?? null,
    postcode: address.postcode,
    city: address.city,
    city_key: address.cityKey,
    listed_at: listing.listedAt,
    address_key: address.addressKey,
    bag_vbo_id: resolution.objectId,
    bag_num_id: resolution.numId,
    resolution: resolution.method,
  }
  return { ...row, content_hash: stageContentHash(row) }
}
