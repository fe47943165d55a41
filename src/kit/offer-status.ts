/** Status words of a home let or sold outright, in Dutch and in the English codes some platforms use. */
export const LET_OR_SOLD: readonly string[] = ['verhuurd', 'verkocht', 'rented', 'sold']

/**
 * Whether the status a site prints on a home ("Verhuurd", "Verkocht", "rented") says it is let or sold outright,
 * compared whole and case-blind with `words`. Sites keep such homes on their pages for a while as references; they
 * are no longer offered, so they are not listings, and the crawl withdraws them as it would a home taken down. A home
 * under option ("Onder optie", "Onder bod", "Verkocht onder voorbehoud") is still offered and stays a listing.
 */
export function isLetOrSold(status: unknown, words: readonly string[] = LET_OR_SOLD): boolean {
  if (typeof status !== 'string') return false
  const text = status.replace(/\s+/g, ' ').trim().toLowerCase()
  return text !== '' && words.some((word) => word.toLowerCase() === text)
}
