/** A listing's page: `/huurwoningen/{province}/{city}/{id}`; the id is Huurzone's number for the rental. */
const LISTING_PATH = /^\/huurwoningen\/[^/]+\/[^/]+\/(\d+)$/

/** The listing id in a URL, or null when the URL is not a listing's page (or no URL at all). */
export function listingIdFromUrl(url: string): string | null {
  if (!URL.canParse(url)) return null
  return LISTING_PATH.exec(new URL(url).pathname)?.[1] ?? null
}
