import type { Cheerio } from 'cheerio'
import {
  type AnyNode,
  cardMarkup,
  type DWELLING_TYPES,
  dwellingFromWord,
  type ListingInput,
  type ListPageResult,
  type OfferType,
  type Page,
  parseArea,
  parsePrice,
  resolveUrl,
  type SourceRequest,
  splitStreetAddress,
  textOf,
} from '../../src/kit/index.js'
import { splitPlaceLine } from './page-text.js'

/**
 * The markup Pararius and Huurwoningen share (both run on the same Treehouse platform): URLs and search cards
 * (`section.listing-search-item`). Detail pages are in `listing-detail-markup.ts`. One parser, two adapters.
 */

/** A kind of home as the listing schema names it. */
export type DwellingType = (typeof DWELLING_TYPES)[number]

/** The 8-hex listing id both sites put after the city segment of a detail URL. */
const LISTING_ID =
  /\/(?:[a-z-]+-(?:te-huur|te-koop|for-rent|for-sale)|huren|kopen)\/[^/]+\/([0-9a-f]{8})(?:\/|$)/

/** The stable id in a detail URL, or null when the URL is not a detail URL. */
export function listingIdFromUrl(url: string): string | null {
  try {
    return LISTING_ID.exec(new URL(url).pathname)?.[1] ?? null
  } catch {
    return null
  }
}

/** The offer type and kind of home, from the detail URL's first segment ("apartment-for-rent", "huren"). */
export function offerFromUrl(url: string): { type: OfferType; dwellingType: DwellingType | null } | null {
  const segment = new URL(url).pathname.split('/')[1] ?? ''
  const type: OfferType | null = /te-huur|for-rent|^huren$/.test(segment)
    ? 'rent'
    : /te-koop|for-sale|^kopen$/.test(segment)
      ? 'buy'
      : null
  if (!type) return null
  return { type, dwellingType: dwellingFromWord(segment.split('-')[0] ?? '') }
}

/** Title words of cards that are not homes (the sites also list parking spaces and business space). */
const NOT_A_HOME = /^(parkeerplaats|parking|garage|garagebox|bedrijfsruimte|opslag|berging|storage)/i

/**
 * One search card → a listing, or null when the card leaves out something only the detail page has (a price
 * "on request", the area). Huurwoningen prints the bare rent (`__price-bare`, "kale huurprijs") next to a
 * transparency badge with the total including service costs; the listing's price is the bare rent, the same
 * figure Pararius prints in `__price-main` and both sites call "Huurprijs" on the detail page.
 */
function readSearchCard($card: Cheerio<AnyNode>, url: string): ListingInput | null {
  const id = listingIdFromUrl(url)
  const offer = offerFromUrl(url)
  const title = textOf($card.find('a.listing-search-item__link--title'))
  const [word = '', ...rest] = title.split(' ')
  if (!id || !offer) return null
  const priceText =
    textOf($card.find('.listing-search-item__price-bare .listing-search-item__price-value')) ||
    textOf($card.find('.listing-search-item__price-main')) ||
    textOf($card.find('.listing-search-item__price'))
  const price = parsePrice(priceText)
  const area = parseArea(textOf($card.find('.illustrated-features__item--surface-area')))
  const { postcode, city } = splitPlaceLine(textOf($card.find('.listing-search-item__sub-title')))
  if (price.amount === null || area === null || !postcode || !city) return null
  const { street, houseNumber } = splitStreetAddress(rest.join(' '))
  return {
    sourceListingId: id,
    url,
    type: offer.type,
    price: price.amount,
    surfaceArea: area,
    rooms: textOf($card.find('.illustrated-features__item--number-of-rooms')),
    yearBuilt: textOf($card.find('.illustrated-features__item--construction-period')),
    dwellingType: dwellingFromWord(word) ?? offer.dwellingType,
    street: street || null,
    houseNumber,
    postcode,
    city,
  }
}

/** How a site's search page is turned into work. */
export interface SearchPageOptions {
  /** Take complete cards as listings instead of fetching their detail pages (one request per page, not 31). */
  readonly inlineCards: boolean
}

/**
 * Search cards → listings or detail requests, plus the next page. A "no results" page says so instead of
 * yielding nothing, since the cards below its title are "nearby" suggestions from other searches.
 */
export function parseSearchPage(page: Page, options: SearchPageOptions): ListPageResult {
  const { $ } = page
  if ($('.no-search-results__title').length > 0) return { noResults: true }
  const listings: ListingInput[] = []
  const detailRequests: SourceRequest[] = []
  $('section.listing-search-item').each((_, card) => {
    const link = $(card).find('a.listing-search-item__link--title')
    const url = resolveUrl(link.attr('href'), page.url)
    if (!url || !listingIdFromUrl(url) || NOT_A_HOME.test(link.text().trim())) return
    const listing = options.inlineCards ? readSearchCard($(card), url) : null
    if (listing) listings.push(listing)
    else
      detailRequests.push({
        url,
        label: 'detail',
        userData: page.request.userData,
        card: cardMarkup($, card),
      })
  })
  const next = resolveUrl($('a.pagination__link--next').attr('href'), page.url)
  return {
    ...(options.inlineCards ? { listings } : {}),
    detailRequests,
    nextRequest: next ? { url: next, label: 'list', userData: page.request.userData } : undefined,
  }
}
