import { searchBody } from '../../sources/kamernet/adapter.js'
import { urlSlug } from '../../src/kit/index.js'
import { type HomeSupply, type ParariusRow, unusedRentals } from './pararius-homes.js'
import {
  daysBefore,
  SAMPLE_CITIES,
  type SampleCity,
  type SampleOffer,
  type SamplePage,
} from './sample-home.js'

const ENDPOINT = 'https://kamernet.nl/services/api/listing/findlistings'
const ROWS_PER_PAGE = 20

/**
 * Rooms and small flats for Kamernet: real rentals from the Pararius dataset that the Pararius part of the sample
 * does not use (rooms as rooms, flats up to 35 m² as studios, up to 50 m² as flats), with Kamernet ids of our own.
 */
export function kamernetOffers(
  rows: readonly ParariusRow[],
  count: number,
  supply: HomeSupply,
  recordedOn: string,
): SampleOffer[] {
  const offers: SampleOffer[] = []
  if (count <= 0) return offers
  // Rooms first, then flats: one pass over the rows per kind.
  for (const kind of ['room', 'apartment'] as const) {
    const pick = {
      kinds: [kind],
      cities: SAMPLE_CITIES,
      fits: (_: string, area: number) => area <= 50 || kind === 'room',
    }
    for (const { home, price, rooms } of unusedRentals(rows, pick, supply)) {
      offers.push({
        home,
        type: 'rent',
        price,
        rooms,
        listedAt: daysBefore(recordedOn, supply.rng.int(0, 40)),
        kamernet: {
          listingId: 2_410_000 + offers.length * 37,
          listingType: kind === 'room' ? 1 : home.area <= 35 ? 4 : 2,
        },
      })
      if (offers.length >= count) return offers
    }
  }
  return offers
}

/** One result in the shape of the real response recorded in 2026-09 (`sources/kamernet/fixtures/`). */
function result(o: SampleOffer, city: SampleCity) {
  const k = o.kamernet!
  return {
    thumbnailUrl: 'https://resources.kamernet.nl/Content/images/placeholder/no-pic-advert.png',
    listingId: k.listingId,
    isTopAdvert: false,
    furnishingId: 4,
    availabilityStartDate: `${o.listedAt}T00:00:00`,
    availabilityEndDate: null,
    street: o.home.street,
    streetSlug: urlSlug(o.home.street),
    city: city.name,
    citySlug: city.slug,
    surfaceArea: Math.round(o.home.area),
    listingType: k.listingType,
    totalRentalPrice: o.price,
    utilitiesIncluded: k.listingType === 1,
    isNewAdvert: false,
    isStudentHouseAdvert: false,
  }
}

/** The POST exchanges of Kamernet's search endpoint for one city: 20 results a page; `total: 0` when none. */
export function kamernetSearchPages(offers: readonly SampleOffer[], city: SampleCity): SamplePage[] {
  const pages: SamplePage[] = []
  const count = Math.max(1, Math.ceil(offers.length / ROWS_PER_PAGE))
  for (let p = 1; p <= count; p++) {
    const listings = offers.slice((p - 1) * ROWS_PER_PAGE, p * ROWS_PER_PAGE).map((o) => result(o, city))
    const response = {
      listings,
      topAdListings: [],
      nearbyListings: null,
      total: offers.length,
      OpResponse: { Code: 1000, Message: 'Operation successful.', HttpStatusCode: 200 },
      LogEntryId: null,
    }
    pages.push({
      url: ENDPOINT,
      method: 'POST',
      requestBody: searchBody(city.slug, city.name, p),
      body: JSON.stringify(response),
      contentType: 'application/json; charset=utf-8',
    })
  }
  return pages
}
