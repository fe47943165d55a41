import {
  cardOf,
  isLetOrSold,
  type ListPageResult,
  type Page,
  ParseError,
  parsePrice,
  resolveUrl,
  type SourceRequest,
  textOf,
} from '../../src/kit/index.js'
import type { CardOnlyFacts } from '../_shared/card-only-facts.js'

/** A detail URL: `/huurwoning/{Street-Number-City}/{id}/`; the number is the listing's id in the agent's system. */
const DETAIL_PATH = /^\/huurwoning\/[^/]+\/(\d+)\/?$/

/** The id in a detail URL ("2617"), or null when the URL is not a detail page. */
export function listingIdFromUrl(url: string): string | null {
  return DETAIL_PATH.exec(new URL(url).pathname)?.[1] ?? null
}

/** "112 huurwoningen gevonden die (direct) beschikbaar zijn." → 112; null when the page says no count. */
function resultCount(page: Page): number | null {
  const match = /(\d+)\s+huurwoningen?\s+gevonden/i.exec(textOf(page.$('#zoekresultaten span.text-80')))
  return match ? Number(match[1]) : null
}

/**
 * The rentals page → one detail request per `.woninginfo` card. A card priced as a range ("€ 840 - 1.990") is a
 * new-build project with a waiting list, not one home, and is skipped, as is a home labelled let. The card's energy label rides along in
 * `userData`, since the detail page only mentions it in free text. A count of 0 is an empty list; a page with
 * neither a count nor cards is a layout change.
 */
export function parseSearchPage(page: Page): ListPageResult {
  const { $ } = page
  const count = resultCount(page)
  const cards = $('#zoekresultaten .woninginfo')
  if (count === 0) return { noResults: true }
  if (count === null || cards.length === 0) {
    throw new ParseError('No result count or no cards: not the rentals page, or the layout changed', {
      url: page.url,
    })
  }
  const detailRequests: SourceRequest[] = []
  cards.each((_, card) => {
    const $card = $(card)
    const url = resolveUrl($card.find('a.blocklink').attr('href'), page.url)
    const price = textOf($card.find('.mt-2'))
    const status = textOf($card.find('.fotolabel'))
    if (!url || !listingIdFromUrl(url) || parsePrice(price).isRange || isLetOrSold(status)) return
    const facts: CardOnlyFacts = { energyLabel: textOf($card.find('.energielabel')) || null }
    // The card's facts: address, place, rent, its figures (area, bedrooms, label) and status; not its photo.
    const shown = {
      address: textOf($card.find('strong')),
      city: textOf($card.find('.text-80.mb-0')),
      price,
      figures: textOf($card.find('.text-80.mt-3')),
      status,
    }
    detailRequests.push({ url, label: 'detail', userData: { ...facts }, card: cardOf(shown) })
  })
  return { detailRequests }
}
