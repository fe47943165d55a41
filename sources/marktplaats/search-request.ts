import { type SourceRequest, toCitySlug } from '../../src/kit/index.js'

export const ORIGIN = 'https://www.marktplaats.nl'
const ENDPOINT = `${ORIGIN}/lrp/api/search`
/** Huizen en Kamers, and its categories of homes offered for rent: rooms, houses and flats, expat rentals. */
const HOMES = 1032
const RENTAL_CATEGORIES = [2771, 2143, 2147]
export const PAGE_SIZE = 30
const RADIUS_METRES = 5_000

/**
 * A postcode in the centre of each city Marktplaats is searched around: its search takes a postcode and a
 * distance, not a city name, so a city missing here cannot be searched and the list doubles as the regions.
 */
export const CITY_POSTCODES: Readonly<Record<string, { readonly name: string; readonly postcode: string }>> =
  {
    amsterdam: { name: 'Amsterdam', postcode: '1012JS' },
    rotterdam: { name: 'Rotterdam', postcode: '3011AD' },
    'den-haag': { name: 'Den Haag', postcode: '2511CV' },
    utrecht: { name: 'Utrecht', postcode: '3511CE' },
    eindhoven: { name: 'Eindhoven', postcode: '5611EM' },
    groningen: { name: 'Groningen', postcode: '9712HN' },
    leiden: { name: 'Leiden', postcode: '2311EJ' },
    delft: { name: 'Delft', postcode: '2611BC' },
  }

/** One page of rental ads around a postcode, newest first, as the site's own result pages ask for them. */
export function searchRequest(postcode: string, offset: number): SourceRequest {
  const query = [
    `l1CategoryId=${HOMES}`,
    ...RENTAL_CATEGORIES.map((id) => `l2CategoryIds[]=${id}`),
    `postcode=${postcode}`,
    `distanceMeters=${RADIUS_METRES}`,
    `limit=${PAGE_SIZE}`,
    `offset=${offset}`,
    'sortBy=SORT_INDEX',
    'sortOrder=DECREASING',
    'viewOptions=list-view',
  ]
  return { url: `${ENDPOINT}?${query.join('&')}`, label: 'list' }
}

/** The first page for a city, or undefined when the city has no postcode here. */
export const citySearch = (city: string) => {
  const place = CITY_POSTCODES[toCitySlug(city)]
  return place ? searchRequest(place.postcode, 0) : undefined
}
