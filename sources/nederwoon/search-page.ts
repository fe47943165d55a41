import type { Cheerio } from 'cheerio'
import {
  type AnyNode,
  dwellingFromWord,
  type ListingInput,
  type ListPageResult,
  type Page,
  ParseError,
  parsePrice,
  resolveUrl,
  textOf,
} from '../../src/kit/index.js'
import { splitPostcodeCity } from '../_shared/page-text.js'

/** A detail URL: `/huurwoning/{city}/{id}/{type}-{street}`; the number is NederWoon's own listing id. */
const DETAIL_PATH = /^\/huurwoning\/[^/]+\/(\d+)\/[^/]+\/?$/

/** The id in a detail URL, or null when the URL is not a detail page. */
export function listingIdFromUrl(url: string): string | null {
  return DETAIL_PATH.exec(new URL(url).pathname)?.[1] ?? null
}

/** The text of the card's feature item that matches `pattern` ("Woonoppervlakte 74 m²", "2 kamers"); null when absent. */
function feature($card: Cheerio<AnyNode>, pattern: RegExp): string | null {
  const item = $card
    .find('.click-see-page-button ul li')
    .toArray()
    .map((li) => textOf($card.find(li)))
    .find((text) => pattern.test(text))
  return item ?? null
}

/**
 * One result card → a listing. The card carries everything the site shows of a home but its house number, which
 * NederWoon publishes nowhere; a card missing a field yields a listing that fails validation, naming the field.
 */
function readCard($card: Cheerio<AnyNode>, page: Page): ListingInput {
  const link = $card.find('a.see-page-button')
  const url = resolveUrl(link.attr('href'), page.url) ?? ''
  const place = splitPostcodeCity(textOf($card.find('.click-see-page-button p.color-medium')))
  const [kind = ''] = textOf($card.find('.click-see-page-button p.color-primary')).split('|')
  const price = parsePrice(textOf($card.find('.item-start p.heading-md')))
  return {
    sourceListingId: (url && listingIdFromUrl(url)) || ($card.attr('data-marker-id') ?? ''),
    url,
    type: 'rent',
    price: price.amount,
    priceOnRequest: price.onRequest,
    surfaceArea: feature($card, /^woonoppervlakte/i),
    rooms: feature($card, /^\d+\s+kamers?$/i),
    dwellingType: dwellingFromWord(kind.trim()),
    street: textOf(link) || null,
    postcode: place?.postcode ?? null,
    city: place?.city ?? '',
  }
}

/** "Rotterdam - 1 resultaat", "Utrecht - 9 resultaten" → the count; null when the heading says no count. */
function resultCount(heading: string): number | null {
  const match = /(\d+)\s+resulta(?:at|ten)\b/i.exec(heading)
  return match ? Number(match[1]) : null
}

/**
 * A search page → its listings, complete on the cards, and the next page. The site is built on Yii, whose pager
 * marks the next page with `li.next`. A heading that counts 0 results is an empty search; a page with neither a
 * count nor cards is a layout change.
 */
export function parseSearchPage(page: Page): ListPageResult {
  const { $ } = page
  const count = resultCount(textOf($('main h1')))
  const cards = $('#locations .location')
  if (count === 0) return { noResults: true }
  if (count === null || cards.length === 0) {
    throw new ParseError('No result count or no result cards: not a search page, or the layout changed', {
      url: page.url,
    })
  }
  const next = resolveUrl($('ul.pagination li.next a').attr('href'), page.url)
  return {
    listings: cards.toArray().map((card) => readCard($(card), page)),
    nextRequest: next ? { url: next, label: 'list' } : undefined,
  }
}
