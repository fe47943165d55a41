/** Status words of a home let or sold outright, in Dutch and in the English codes some platforms use. */
const LET_OR_SOLD = /^(?:verhuurd|verkocht|rented|sold)$/i

/**
 * Whether the status a site prints on a home ("Verhuurd", "Verkocht", "rented") says it is let or sold outright.
 * Sites keep such homes on their pages for a while as references; they are no longer offered, so they are not
 * listings, and the crawl withdraws them as it would a home taken down. A home under option ("Onder optie",
 * "Onder bod", "Gereserveerd", "Verhuurd onder voorbehoud") is still offered and stays a listing, as on the portals.
 */
export function isLetOrSold(status: string | null | undefined): boolean {
  return LET_OR_SOLD.test(status?.trim() ?? '')
}
