import { servedProvenanceJson } from '../merge/stored-provenance.js'
import type { GoldenRecordRow } from '../store/schema.js'
import { noEstimate } from '../store/stored-estimate.js'

/** Listings a property answer carries, newest first (active before withdrawn). */
export const LISTINGS_PER_PROPERTY = 50

/**
 * The valuation of a record no publish has valued yet (a database upgraded since its last publish): the next
 * publish values every home.
 */
const NOT_VALUED =
  'Not valued yet: homes are valued when data is published, and no publish has valued this one.'
export const NOT_VALUED_YET = JSON.stringify({
  estimated_price: null,
  ...noEstimate(NOT_VALUED),
  estimated_rent: null,
  rent: { estimated_rent: null, ...noEstimate(NOT_VALUED) },
})

/** A Golden Record's columns the API serves. */
export type ServedGoldenRecord = Pick<
  GoldenRecordRow,
  | 'bag_id'
  | 'num_id'
  | 'street'
  | 'number'
  | 'postcode'
  | 'city'
  | 'year_built'
  | 'energy_label'
  | 'woz_value'
  | 'woz_reference_date'
  | 'surface_area'
  | 'use_purpose'
  | 'dwelling_type'
  | 'provenance_json'
>

/** What the publish stored of a home beside its record, as JSON text: its valuation and its rent regulation. */
export interface StoredValues {
  readonly valuation: string
  /** Null for a home that is not a dwelling (or one no publish has reached yet). */
  readonly rentRegulation: string | null
}

/**
 * A golden record as the API's JSON, with its valuation and rent regulation (as stored at publish) and its listings
 * (already serialised, newest first), which are spliced in, not parsed and serialised again; so is the provenance,
 * expanded from its stored form with its dates as days.
 */
export function propertyJson(row: ServedGoldenRecord, values: StoredValues, listingsJson: string): string {
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
  })
  return `${head.slice(0, -1)},"valuation":${values.valuation},"rent_regulation":${values.rentRegulation ?? 'null'},"listings":[${listingsJson}],"provenance":${servedProvenanceJson(row.provenance_json)}}`
}
