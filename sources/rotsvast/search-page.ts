import type { Cheerio, CheerioAPI } from 'cheerio'
import {
  type AnyNode,
  type Card,
  cardOf,
  type ListPageResult,
  type Page,
  ParseError,
  resolveUrl,
  type SourceRequest,
  textOf,
} from '../../src/kit/index.js'

/** A detail URL: `/huren/{street}-{city}-h{number}/`; the `h` number is the listing's id in Rotsvast's system. */
const DETAIL_PATH = /^\/(?:en\/)?huren\/[a-z0-9-]+-(h\d+)\/?$/i

/** The id in a detail URL ("h1025010421"), or null when the URL is not a detail page. */
export function listingIdFromUrl(url: string): string | null {
  return DETAIL_PATH.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? null
}

/**
 * What a card shows of the listing: place, street, its list (area, bedrooms, furnishing, availability), rent and
 * label. Not its photo, whose URL moves between `src` and `data-lazy-src` with the card's place on the page.
 */
function cardFacts($: CheerioAPI, $card: Cheerio<AnyNode>): Card {
  const texts = $card.find('.card-house__text')
  return cardOf({
    place: textOf(texts.first()),
    street: textOf($card.find('.card-house__title')),
    features: $card
      .find('.card-house__list li')
      .toArray()
      .map((li) => textOf($(li))),
    price: textOf(texts.last()),
    status: textOf($card.find('.card-house__label')),
  })
}

/**
 * A search page → one detail request per `a.card--house` card, and the next page (`a.next.page-numbers`). Cards
 * show street, city, area, bedrooms and price, but no house number, which only the detail page has. A result
 * list without cards is an empty search; a page without the result list is a layout change.
 */
export function parseSearchPage(page: Page): ListPageResult {
  const { $ } = page
  const list = $('.house-list__overview__items')
  if (list.length === 0) {
    throw new ParseError('No result list: not a search page, or the layout changed', { url: page.url })
  }
  const detailRequests: SourceRequest[] = []
  list.find('a.card--house').each((_, card) => {
    const url = resolveUrl($(card).attr('href'), page.url)
    if (url && listingIdFromUrl(url))
      detailRequests.push({ url, label: 'detail', card: cardFacts($, $(card)) })
  })
  if (detailRequests.length === 0) return { noResults: true }
  const next = resolveUrl($('.pagination a.next.page-numbers').first().attr('href'), page.url)
  return { detailRequests, nextRequest: next ? { url: next, label: 'list' } : undefined }
}
