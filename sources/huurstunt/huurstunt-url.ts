/** A listing's page: `/{kind}/huren/in/{city}/{street}/{id}`, the kind being appartement, studio, kamer or huurwoning. */
const LISTING_PATH = /^\/([a-z]+)\/huren\/in\/[^/]+\/[^/]+\/([A-Za-z0-9]+)$/

/** The kind word and the site's short id in a listing URL, or null when the URL is not a listing's page. */
export function listingPathOf(url: string): { kind: string; id: string } | null {
  const match = LISTING_PATH.exec(new URL(url).pathname)
  return match ? { kind: match[1]!, id: match[2]! } : null
}
