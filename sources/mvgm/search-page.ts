import type { Cheerio, CheerioAPI } from 'cheerio'
import {
  type AnyNode,
  type Card,
  cardOf,
  isLetOrSold,
  type ListPageResult,
  type Page,
  ParseError,
  resolveUrl,
  type SourceRequest,
  textOf,
} from '../../src/kit/index.js'
import { listingIdFromUrl } from './mvgm-url.js'

/** The page's result count ("88 huurwoningen"), or null when the page has none. */
function resultCount($: CheerioAPI): number | null {
  const count = textOf($('span.h4 .text-blue-ncs'))
  return count === '' ? null : Number(count)
}

/** The "Volgende" button's page, unless it is disabled (the last page). */
function nextPageUrl($: CheerioAPI, base: string): string | undefined {
  const next = $('a.btn')
    .filter((_, a) => textOf($(a)) === 'Volgende' && !$(a).hasClass('disabled'))
    .first()
  return resolveUrl(next.attr('href'), base)
}

/**
 * What a card shows of the listing: title (kind and address), place, availability, rent, area and bedrooms, and its
 * status badge; not its photo.
 */
function cardFacts($: CheerioAPI, $card: Cheerio<AnyNode>): Card {
  return cardOf({
    title: textOf($card.find('.card-title')),
    place: textOf($card.find('.card-title + span')),
    availability: textOf($card.find('.card-body > .small')),
    figures: $card
      .find('.dotted-spans > span')
      .toArray()
      .map((span) => textOf($(span))),
    status: textOf($card.find('.badge.bg-white')),
  })
}

/**
 * A search page → one detail request per home still offered, plus the next page. Cards show address, postcode,
 * rent, area and bedrooms; the energy label is on the listing page only, so each card leads there, with its text
 * so an unchanged card is not fetched again. A count of 0 is an empty search; a page with neither cards nor a
 * count has changed its layout.
 */
export function parseSearchPage(page: Page): ListPageResult {
  const { $ } = page
  const cards = $('.row.gy-8 .card-woning').toArray()
  const count = resultCount($)
  if (cards.length === 0 && count === null)
    throw new ParseError('Neither result cards nor a result count on an MVGM search page', { url: page.url })
  if (cards.length === 0 || count === 0) return { noResults: true }
  const detailRequests: SourceRequest[] = []
  for (const card of cards) {
    const $card = $(card)
    const url = resolveUrl($card.find('a.stretched-link').attr('href'), page.url)
    if (!url || !listingIdFromUrl(url) || isLetOrSold(textOf($card.find('.badge.bg-white')))) continue
    detailRequests.push({ url, label: 'detail', card: cardFacts($, $card) })
  }
  const next = nextPageUrl($, page.url)
  return { detailRequests, nextRequest: next ? { url: next, label: 'list' } : undefined }
}
