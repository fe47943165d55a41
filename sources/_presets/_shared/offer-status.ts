/**
 * Status texts of a home that is let or sold outright. Agents keep such homes on their site for a while as
 * references; they are no longer on offer, so they are not listings, and the crawl withdraws them as it would a home
 * the site took down. "Onder optie", "Onder bod" and "Verhuurd onder voorbehoud" are still offered and stay listings,
 * as on the portals.
 */
const LET_OR_SOLD = /^(?:verhuurd|verkocht|rented|sold)$/i

/** True when a status text (Dutch, or the platform's English code) says the home is let or sold outright. */
export function isLetOrSold(status: string | null | undefined): boolean {
  return LET_OR_SOLD.test(status?.trim() ?? '')
}
