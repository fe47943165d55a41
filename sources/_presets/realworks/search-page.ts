import {
  type ListingInput,
  type ListPageResult,
  type OfferType,
  type Page,
  ParseError,
  resolveUrl,
} from '../../../src/kit/index.js'
import { cardListing, offerInPath } from './search-card.js'

/** What a Realworks search page says when it has nothing on offer ("Momenteel geen huuraanbod beschikbaar"). */
const NO_OFFER = /\bgeen\s+\w*aanbod\b/i

/** The link to the next result page, in the pager at the top and the bottom of the list. */
const NEXT_PAGE = '.next-page a[href], a.next-page[href]'

/**
 * A search page → the listings of its cards and the next page. No cards and no "geen aanbod" message means the
 * markup changed. A card's offer type comes from its URL, else from the search URL, else the site's first offer.
 */
export function readSearchPage(page: Page, offers: readonly OfferType[]): ListPageResult {
  const $ = page.$
  const cards = $('.aanbodEntry').toArray()
  if (cards.length === 0 && !NO_OFFER.test($('body').text())) {
    throw new ParseError('No Realworks listing cards (.aanbodEntry) and no "geen aanbod" message', {
      url: page.url,
    })
  }
  const fallbackType = offerInPath(new URL(page.url).pathname) ?? offers[0] ?? 'rent'
  const listings = cards
    .map((card) => cardListing($, card, page.url, fallbackType))
    .filter((listing): listing is ListingInput => listing !== null)
  const next = resolveUrl($(NEXT_PAGE).first().attr('href'), page.url)
  return {
    listings,
    nextRequest: next ? { url: next, label: 'list', userData: page.request.userData } : undefined,
    // Cards of let or sold homes only, or the "geen aanbod" message: the site says it has nothing on offer.
    noResults: listings.length === 0,
  }
}
