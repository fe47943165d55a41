import type { Cheerio, CheerioAPI } from 'cheerio'
import {
  type AnyNode,
  cardOf,
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
 * What a search card shows of its listing, as text: its title (kind and street), place line, price, features and
 * labels ("Onder optie", "Nieuw": `cardOf` keeps the statuses among them). Not its photo, its place on the page or the favourite button, which change when the
 * listing did not. Huurwoningen prints the bare rent (`__price-bare`, "kale huurprijs") next to a transparency
 * badge with the total including service costs; the card's price is the bare rent, the same figure Pararius prints
 * in `__price-main` and both sites call "Huurprijs" on the detail page.
 */
function readCardTexts($: CheerioAPI, $card: Cheerio<AnyNode>) {
  const feature = (modifier: string) => textOf($card.find(`.illustrated-features__item--${modifier}`))
  return {
    title: textOf($card.find('a.listing-search-item__link--title')),
    place: textOf($card.find('.listing-search-item__sub-title')),
    price:
      textOf($card.find('.listing-search-item__price-bare .listing-search-item__price-value')) ||
      textOf($card.find('.listing-search-item__price-main')) ||
      textOf($card.find('.listing-search-item__price')),
    area: feature('surface-area'),
    rooms: feature('number-of-rooms'),
    yearBuilt: feature('construction-period'),
    interior: feature('interior'),
    status: $card
      .find('.listing-search-item__label .listing-label')
      .toArray()
      .map((label) => textOf($(label))),
  }
}

/**
 * One search card → a listing, or null when the card leaves out something only the detail page has (a price
 * "on request", the area).
 */
function readSearchCard($: CheerioAPI, $card: Cheerio<AnyNode>, url: string): ListingInput | null {
  const id = listingIdFromUrl(url)
  const offer = offerFromUrl(url)
  const shown = readCardTexts($, $card)
  const [word = '', ...rest] = shown.title.split(' ')
  if (!id || !offer) return null
  const price = parsePrice(shown.price)
  const area = parseArea(shown.area)
  const { postcode, city } = splitPlaceLine(shown.place)
  if (price.amount === null || area === null || !postcode || !city) return null
  const { street, houseNumber } = splitStreetAddress(rest.join(' '))
  return {
    sourceListingId: id,
    url,
    type: offer.type,
    price: price.amount,
    surfaceArea: area,
    rooms: shown.rooms,
    yearBuilt: shown.yearBuilt,
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
    const listing = options.inlineCards ? readSearchCard($, $(card), url) : null
    if (listing) listings.push(listing)
    else
      detailRequests.push({
        url,
        label: 'detail',
        userData: page.request.userData,
        card: cardOf(readCardTexts($, $(card))),
      })
  })
  const next = resolveUrl($('a.pagination__link--next').attr('href'), page.url)
  return {
    ...(options.inlineCards ? { listings } : {}),
    detailRequests,
    nextRequest: next ? { url: next, label: 'list', userData: page.request.userData } : undefined,
  }
}
