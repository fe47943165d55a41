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
import { resultsPageRequest } from './results-request.js'

/** Kinds of property in the results that are not homes: commercial space ("Overige BOG panden"), parking, storage. */
const NOT_A_HOME = /\b(bog|bedrijf|kantoor|winkel|parkeer|garage|berging)/i

/**
 * What a card shows of the listing: kind, street, city, each figure in its table (status, area, kind, bedrooms,
 * available from, furnishing) and the rent.
 */
function cardFacts($: CheerioAPI, $card: Cheerio<AnyNode>): Card {
  return cardOf({
    title: textOf($card.find('.c-result-item__title')),
    place: textOf($card.find('.c-result-item__location-label')),
    figures: $card
      .find('.c-result-item__data-value')
      .toArray()
      .map((el) => textOf($(el))),
    price: textOf($card.find('.c-result-item__price')),
  })
}

/** The next result page the pagination links, or undefined on the last page. */
function nextPage($: CheerioAPI, page: Page): SourceRequest | undefined {
  const next = $('.pagination li:not(.disabled) > a[aria-label="Next"]').attr('data-page')
  const number = Number(next)
  if (!next || !Number.isInteger(number) || !page.request.body) return undefined
  return resultsPageRequest(page.request.body, number)
}

/**
 * A page of result cards (an HTML fragment, not a whole page) → one detail request per home still offered, plus
 * the next page. Cards show neither postcode nor room count (their figure is the bedrooms), so every listing is
 * read from its detail page. A fragment without its `#totalResults` field has changed its layout.
 */
export function parseResultsPage(page: Page): ListPageResult {
  const { $ } = page
  const total = $('#totalResults').attr('value')
  if (total === undefined)
    throw new ParseError('No #totalResults in an Interhouse results fragment', { url: page.url })
  const cards = $('a.c-result-item').toArray()
  if (Number(total) === 0 || cards.length === 0) return { noResults: true }
  const detailRequests: SourceRequest[] = []
  for (const card of cards) {
    const $card = $(card)
    const url = resolveUrl($card.attr('href'), page.url)
    if (!url || NOT_A_HOME.test(textOf($card.find('.c-result-item__title-type')))) continue
    if (isLetOrSold(textOf($card.find('.building-status')))) continue
    detailRequests.push({ url, label: 'detail', card: cardFacts($, $card) })
  }
  return { detailRequests, nextRequest: nextPage($, page) }
}
