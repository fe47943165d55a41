import type { Cheerio, CheerioAPI } from 'cheerio'
import {
  type AnyNode,
  dwellingFromWord,
  isLetOrSold,
  type ListingInput,
  type ListPageResult,
  type Page,
  ParseError,
  parsePrice,
  resolveUrl,
  textOf,
} from '../../src/kit/index.js'
import { listingPathOf } from './huurstunt-url.js'

/** The heading a card shows when the landlord hides the street: "Appartement in Delft". */
const NO_STREET = /^\S+ in \S/

/** Huurstunt files houses under "huurwoning"; its other kinds (appartement, studio, kamer) are the usual words. */
function dwellingOfKind(kind: string): ListingInput['dwellingType'] {
  return kind === 'huurwoning' ? 'house' : dwellingFromWord(kind)
}

/** The card's figures ("102 m2", "2 kamers", "Delft"), in the order the card prints them. */
function figuresOf($: CheerioAPI, $card: Cheerio<AnyNode>): string[] {
  return $card
    .find('header li')
    .toArray()
    .map((li) => textOf($(li)))
}

/**
 * One card → a listing: street (no house number, no postcode), area, rooms, city and rent. Cards carry everything
 * the site shows anonymous visitors, so no detail page is fetched.
 */
function readCard(
  $: CheerioAPI,
  $card: Cheerio<AnyNode>,
  url: string,
  kind: string,
  id: string,
): ListingInput {
  const figures = figuresOf($, $card)
  const heading = textOf($card.find('h3'))
  const price = parsePrice(textOf($card.find('footer p')))
  return {
    sourceListingId: id,
    url,
    type: 'rent',
    price: price.amount,
    priceOnRequest: price.onRequest,
    surfaceArea: figures.find((f) => /m2|m²/.test(f)) ?? null,
    rooms: figures.find((f) => /kamer/i.test(f)) ?? null,
    dwellingType: dwellingOfKind(kind),
    street: heading && !NO_STREET.test(heading) ? heading : null,
    city: textOf($card.find('header li .truncate')),
  }
}

/**
 * A search page → listings. Skipped: cards locked behind an account (`.blur-sm`, placeholders only), homes already
 * let (their link opens a "rented out" dialog instead of a page) and homes under option. The result list without
 * cards is an empty search; a page without the result list has changed its layout.
 */
export function parseSearchPage(page: Page): ListPageResult {
  const { $ } = page
  const results = $('#result-list')
  if (results.length === 0)
    throw new ParseError('No #result-list on a Huurstunt search page', { url: page.url })
  const cards = results.find('article:has(h3)').toArray()
  if (cards.length === 0) return { noResults: true }
  const listings: ListingInput[] = []
  for (const card of cards) {
    const $card = $(card)
    if ($card.find('.blur-sm').length > 0 || isLetOrSold(textOf($card.find('ul li span').first()))) continue
    const url = resolveUrl($card.find('footer a').attr('href'), page.url)
    const path = url ? listingPathOf(url) : null
    if (!url || !path) continue
    listings.push(readCard($, $card, url, path.kind, path.id))
  }
  return { listings }
}
