import type { ListingFacts } from './facts.js'
import type { Range } from './range.js'

/**
 * Group 3, heating and cooling (policy book §2.3, as paraphrased in woonstadrotterdam/woningwaardering's
 * `docs/implementatietoelichtingen/zelfstandige-woonruimten.md`): 2 points per heated room, 1 per heated other or
 * circulation space up to 4, and 1 per room that is also cooled, up to 2. In hundredths.
 */
export const HEATING = { perRoom: 200, otherSpacesMax: 400, coolingMax: 200 } as const

/** A room (vertrek) is at least 4 m² (policy book §2.2.1.2). */
const ROOM_MIN_M2 = 4
/** Bathrooms a home is taken to have at most when its listing does not say (docs/wws.md). */
export const BATHROOMS_UNSTATED = 2

/**
 * The most rooms (vertrekken, the kitchen and bathrooms included) a home can have: what its listing states (its
 * rooms, one kitchen, its bathrooms), and never more than its rooms' area allows at 4 m² a room.
 */
export function maxRoomCount(listing: ListingFacts | undefined, roomsM2High: number): number {
  const byArea = Math.floor(roomsM2High / ROOM_MIN_M2)
  if (listing?.rooms === undefined) return byArea
  return Math.min(byArea, listing.rooms + 1 + (listing.bathrooms ?? BATHROOMS_UNSTATED))
}

/** Unknown heating: none fitted (0) up to every room heated and cooled and four other spaces heated. */
export const heatingRange = (rooms: number): Range => ({
  low: 0,
  high: rooms * HEATING.perRoom + HEATING.otherSpacesMax + HEATING.coolingMax,
})
