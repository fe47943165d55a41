import type { SourceRequest } from '../../src/kit/index.js'
import type { PLACES } from './places.js'

export const ORIGIN = 'https://www.vesteda.com'
const ENDPOINT = `${ORIGIN}/api/units/search/facet`
/** The site's own default radius around a place, in km. */
const RADIUS_KM = 5

/**
 * The POST body of a search around one place, in the shape Vesteda's search page sends. A `priceFrom` below the
 * site's lowest option makes the API ignore the price range, which is what a search for every home needs.
 */
export function searchBody(place: (typeof PLACES)[string]): string {
  return JSON.stringify({
    filters: [],
    latitude: place.lat,
    longitude: place.lon,
    place: place.name,
    placeObject: {
      placeType: '1',
      name: place.name,
      latitude: String(place.lat),
      longitude: String(place.lon),
    },
    placeType: 1,
    radius: RADIUS_KM,
    sorting: 0,
    priceFrom: 0,
    priceTo: 9999,
    language: 'nl',
  })
}

export const searchRequest = (place: (typeof PLACES)[string]): SourceRequest => ({
  url: ENDPOINT,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: searchBody(place),
  label: 'list',
})
