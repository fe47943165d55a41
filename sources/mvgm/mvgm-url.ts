/** A listing's page: `/object/{city}-{postcode}-{number}-{street}-{32 hex}/`; the hex is the listing's own id. */
const OBJECT_PATH = /^\/object\/[a-z0-9-]+-([0-9a-f]{32})\/?$/

/** The listing id in a URL, or null when the URL is not a listing's page. */
export function listingIdFromUrl(url: string): string | null {
  return OBJECT_PATH.exec(new URL(url).pathname)?.[1] ?? null
}
