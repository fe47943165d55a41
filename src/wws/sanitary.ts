import type { ListingFacts } from './facts.js'
import { BATHROOMS_UNSTATED } from './heating.js'
import type { Range } from './range.js'

/**
 * Group 6, sanitary fittings (policy book §2.6, as paraphrased in woonstadrotterdam/woningwaardering's
 * `docs/implementatietoelichtingen/zelfstandige-woonruimten.md`), in hundredths: a shower 4, a bath and shower 7;
 * extras in the bathroom up to as many points as its bath and shower; a wall-hung toilet 3.75 in a toilet room and
 * 2.75 in a bathroom; a multi-person washbasin 1.5, at most 1.5 a room outside the bathroom.
 */
export const SANITARY = {
  shower: 400,
  /** Bath and shower 7, extras up to 7, a wall-hung toilet 2.75, two multi-person washbasins 3. */
  bathroomMax: 1975,
  /** A wall-hung toilet 3.75 and a multi-person washbasin 1.5. */
  toiletRoomMax: 525,
  /** A washbasin in any other room. */
  otherRoomMax: 150,
} as const

/**
 * Unknown sanitary points. Each bathroom a listing states has a shower at least; at most, every bathroom (as stated,
 * else two) is fitted to the maximum, with one toilet room more than bathrooms and a washbasin in every other room.
 */
export function sanitaryRange(listing: ListingFacts | undefined, rooms: number): Range {
  const stated = listing?.bathrooms
  const bathrooms = stated ?? BATHROOMS_UNSTATED
  return {
    low: (stated ?? 0) * SANITARY.shower,
    high:
      bathrooms * SANITARY.bathroomMax +
      (bathrooms + 1) * SANITARY.toiletRoomMax +
      rooms * SANITARY.otherRoomMax,
  }
}
