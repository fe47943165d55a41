import {
  cardOf,
  isLetOrSold,
  type ListPageResult,
  type Page,
  ParseError,
  resolveUrl,
  type SourceRequest,
  textOf,
} from '../../src/kit/index.js'
import type { CardOnlyFacts } from '../_shared/card-only-facts.js'
import { readSpecs } from './spec-list.js'

/** A detail URL: `/huur/{city}/{type}/{street}-{id}-{branch}`; the last two numbers are the listing's own id. */
const DETAIL_PATH = /^\/huur\/[^/]+\/[^/]+\/[^/]*?-(\d+-\d+)\/?$/

/** The id in a detail URL ("2348-26"), or null when the URL is not a detail page. */
export function listingIdFromUrl(url: string): string | null {
  return DETAIL_PATH.exec(new URL(url).pathname)?.[1] ?? null
}

/**
 * A search page → one detail request per card (a home labelled let is skipped), and the next page. Cards leave out the postcode, room count and
 * year, which the detail page has; the card's energy label rides along in `userData`, since the detail page only
 * mentions it in free text. "Gevonden 0" is an empty search; a page with neither a count nor cards is a layout change.
 */
export function parseSearchPage(page: Page): ListPageResult {
  const { $ } = page
  const count = /(\d+)/.exec(textOf($('.json-imzlistcontrols').find('div:contains("Gevonden")').last()))
  const cards = $('.pandlist .pandlist-container')
  if (count?.[1] === '0') return { noResults: true }
  if (!count || cards.length === 0) {
    throw new ParseError('No result count or no result cards: not a search page, or the layout changed', {
      url: page.url,
    })
  }
  const detailRequests: SourceRequest[] = []
  cards.each((_, card) => {
    const $card = $(card)
    const url = resolveUrl($card.find('a.textlink-design').attr('href'), page.url)
    const status = textOf($card.find('.pand-status'))
    if (!url || !listingIdFromUrl(url) || isLetOrSold(status)) return
    const specs = readSpecs($, $card)
    const facts: CardOnlyFacts = { energyLabel: specs.get('Energielabel') ?? null }
    // The card's facts: its price, title (city and street), status and spec list; not its photos.
    const shown = {
      ...Object.fromEntries(specs),
      price: textOf($card.find('.pand-price')),
      title: textOf($card.find('.pand-title')),
      status,
    }
    detailRequests.push({ url, label: 'detail', userData: { ...facts }, card: cardOf(shown) })
  })
  const next = $('.productBrowser a')
    .toArray()
    .find((a) => textOf($(a)) === 'volgende')
  const nextUrl = next ? resolveUrl($(next).attr('href'), page.url) : undefined
  return { detailRequests, nextRequest: nextUrl ? { url: nextUrl, label: 'list' } : undefined }
}
