import { parseHouseNumber, streetKey } from '../normalise/index.js'

/**
 * What one source's listing says about the home beyond the offer type, place, price and area (which the candidate
 * pairs already share): the facts two sites showing one home agree on.
 */
export interface HomeFacts {
  readonly street: string | null
  /** As normalised ("41", "41 A", "12-2"), or null when the site hides it. */
  readonly houseNumber: string | null
  /** "1018 NB", or null. */
  readonly postcode: string | null
  readonly dwellingType: string | null
  /** ISO date, or null. */
  readonly listedAt: string | null
  /** The BAG object the listing resolved to, or null. */
  readonly bagId: string | null
}

/** A fact one side leaves out says nothing; where both give it, it must be the same. */
const agreeWhereBothKnow = (a: string | null, b: string | null): boolean =>
  a === null || b === null || a === b

/** Both name the street, and the same one once spelling is folded ("Burg." is "Burgemeester"). */
export const sameStreet = (a: HomeFacts, b: HomeFacts): boolean =>
  a.street !== null && b.street !== null && streetKey(a.street) === streetKey(b.street)

/**
 * Both give the postcode, and the same one. Without it the street, price and area are all there is, and the rooms of
 * one student house let at one rent match on all three: a site that hides the postcode (Kamernet) never pairs.
 */
export const samePostcode = (a: HomeFacts, b: HomeFacts): boolean =>
  a.postcode !== null && a.postcode === b.postcode

/** The same kind of dwelling (apartment, house, room, studio) where both say. */
export const sameDwelling = (a: HomeFacts, b: HomeFacts): boolean =>
  agreeWhereBothKnow(a.dwellingType, b.dwellingType)

/** Listed on the same day where both give a date: a home put on two sites goes up on both at once. */
export const sameListingDate = (a: HomeFacts, b: HomeFacts): boolean =>
  agreeWhereBothKnow(a.listedAt, b.listedAt)

/**
 * The same house number where both give one, in any spelling ("41a" is "41 A"). A bare number and that number with
 * a letter or addition ("41" and "41 A") are the same home only when the BAG says the specific one exists: its side
 * resolved to a BAG object. Any other difference is two homes.
 */
export function compatibleHouseNumbers(a: HomeFacts, b: HomeFacts): boolean {
  if (a.houseNumber === null || b.houseNumber === null) return true
  const x = parseHouseNumber(a.houseNumber)
  const y = parseHouseNumber(b.houseNumber)
  if (x === null || y === null || x.huisnummer !== y.huisnummer) return false
  if (x.key === y.key) return true
  const bare = (n: typeof x) => n.key === String(n.huisnummer)
  if (bare(x)) return b.bagId !== null
  if (bare(y)) return a.bagId !== null
  return false
}

/** Two listings of one home: they agree on every fact both know (the offer, place, price and area by the query). */
export const agreeOnEveryFact = (a: HomeFacts, b: HomeFacts): boolean =>
  sameStreet(a, b) &&
  samePostcode(a, b) &&
  compatibleHouseNumbers(a, b) &&
  sameDwelling(a, b) &&
  sameListingDate(a, b)
