import type { Cheerio } from 'cheerio'
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
import { listingIdFromUrl } from './huurzone-url.js'

/**
 * What a card shows of the listing: title, place, rent, area and rooms. The line saying when Huurzone last checked
 * the listing ("1 uur geleden gecontroleerd") changes every hour and is left out, or every card would look new.
 */
function cardFacts($card: Cheerio<AnyNode>): Card {
  return cardOf({
    title: textOf($card.find('h2')),
    place: textOf($card.find('h2 + div')),
    figures: textOf($card.find('.items-end').first()),
  })
}

/**
 * A search page → one detail request per card, plus the next page. Cards show the kind, city, rent, area and
 * rooms but never the postcode, year or listing date, so every listing is read from its detail page; the card
 * goes with the request so an unchanged card need not be fetched again. The results container without cards is an
 * empty search; a page without the container has changed its layout.
 */
export function parseSearchPage(page: Page): ListPageResult {
  const { $ } = page
  const results = $('[data-instant-search-output="results"]')
  if (results.length === 0)
    throw new ParseError('No search results container on a Huurzone page', { url: page.url })
  const detailRequests: SourceRequest[] = []
  results.find('a[data-rental-card]').each((_, card) => {
    const url = resolveUrl($(card).attr('href'), page.url)
    if (!url || !listingIdFromUrl(url)) return
    detailRequests.push({ url, label: 'detail', card: cardFacts($(card)) })
  })
  if (detailRequests.length === 0) return { noResults: true }
  const next = resolveUrl($('[data-pagination] a[rel="next"]').attr('href'), page.url)
  return { detailRequests, nextRequest: next ? { url: next, label: 'list' } : undefined }
}
