import { servedProvenanceJson } from '../merge/stored-provenance.js'
import type { GoldenRecordRow } from '../store/schema.js'
import type { ApiValuation } from '../valuate/valuation-service.js'

/** Listings a property answer carries, newest first (active before withdrawn). */
export const LISTINGS_PER_PROPERTY = 50

/**
 * A golden record as the API's JSON, with its valuation and its listings (already serialised, newest first), which
 * are spliced in, not parsed and serialised again; so is the provenance, expanded from its stored form with its
 * dates as days.
 */
export function propertyJson(row: GoldenRecordRow, valuation: ApiValuation, listingsJson: string): string {
  const head = JSON.stringify({
    bag_id: row.bag_id,
    nummeraanduiding_id: row.num_id,
    address: { street: row.street, number: row.number, city: row.city, postcode: row.postcode },
    building: {
      year_built: row.year_built,
      energy_label: row.energy_label,
      woz_value: row.woz_value,
      woz_reference_date: row.woz_reference_date,
      surface_area: row.surface_area,
      use: row.use_purpose,
      dwelling_type: row.dwelling_type,
    },
    valuation,
  })
  return `${head.slice(0, -1)},"listings":[${listingsJson}],"provenance":${servedProvenanceJson(row.provenance_json)}}`
}
