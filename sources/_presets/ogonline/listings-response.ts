import { type ListingInput, type OfferType, type Page, ParseError } from '../../../src/kit/index.js'
import { itemListings } from './listing-item.js'

/** The offer types the list request was made for (`startRequests` puts them in its `userData`), else `offers`. */
function requestedTypes(page: Page, offers: readonly OfferType[]): readonly OfferType[] {
  const types = page.request.userData?.['types']
  return Array.isArray(types) ? (types as OfferType[]) : offers
}

/**
 * The site's whole offer, one JSON array of entries → the listings on offer for the types the request was made for
 * (`offers`, the site's, when it names none). Anything but a JSON array means the endpoint changed.
 */
export function readListings(page: Page, offers: readonly OfferType[]): ListingInput[] {
  let body: unknown
  try {
    body = page.json()
  } catch (error) {
    throw new ParseError('Not an OGonline listings response: not JSON', { url: page.url }, { cause: error })
  }
  if (!Array.isArray(body))
    throw new ParseError('Not an OGonline listings response: not an array', { url: page.url })
  const types = requestedTypes(page, offers)
  return body.flatMap((item) => itemListings(item, page.url, types))
}
