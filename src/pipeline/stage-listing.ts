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
import type { BagResolver, ResolveInput } from '../resolve/index.js'
import type { NewStageObservation } from '../store/schema.js'

/** Time spent per CPU stage, summed over a run, for the run report and the benchmark. */
export interface StageTimings {
  normaliseMs: number
  resolveMs: number
}

/**
 * A validated listing as the crawl hands it to the stage writer: the fields as the site gave them, address not yet
 * normalised. The writer completes a whole batch at once with {@link normaliseStageRows} just before writing it, so
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

/** Distinct place names kept: the Netherlands has about 2,500, so this is reached only by junk. */
const MAX_CITIES = 10_000
const cities = new Map<string, { readonly name: string; readonly key: string }>()

/**
 * A place name's display form and key, each distinct name worked out once: nearly every listing names a place
 * another listing named before (252k staged rows of the national bench: 350 names, 0.19 s → 0.02 s).
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
 * Normalises a batch of raw staged rows' addresses and resolves them to BAG, in place. Each stage is timed over the
 * whole batch: timed row by row, the clock itself cost about 8 % of normalising (0.23 µs a reading).
 */
export function normaliseStageRows(
  rows: readonly NewStageObservation[],
  resolver: BagResolver,
  timings: StageTimings,
): void {
  const started = performance.now()
  const inputs = rows.map(normaliseAddress)
  const normalised = performance.now()
  timings.normaliseMs += normalised - started
  const resolutions = resolver.resolveAll(inputs)
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!
    const resolution = resolutions[i]!
    row.bag_vbo_id = resolution.objectId
    row.bag_num_id = resolution.numId
    row.resolution = resolution.method
  }
  timings.resolveMs += performance.now() - normalised
}
