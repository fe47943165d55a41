import {
  type Card,
  cardOf,
  type ListPageResult,
  type Page,
  ParseError,
  readJsonLd,
  resolveUrl,
} from '../../src/kit/index.js'
import { FUNDA_ORIGIN, nextSearchUrl, RESULTS_PER_PAGE, readDetailUrl, searchPageOf } from './funda-url.js'
import { prop, readNuxtPayload } from './nuxt-payload.js'

/**
 * A Funda search page → detail requests and the next page. The listings come from the Nuxt state
 * (`pinia.search.listings[]`); when that state moved, from the JSON-LD ItemList, then from the cards' address
 * links. A page without `__NUXT_DATA__` that is not the bot wall (the adapter's `detectBlock`) has a new layout.
 */
export function parseSearchPage(page: Page): ListPageResult {
  const state = readNuxtPayload(page.$, page.url)
  if (state === null) {
    throw new ParseError('No __NUXT_DATA__ on a Funda search page: layout changed', { url: page.url })
  }
  const search = prop(prop(state, 'pinia'), 'search')
  const listings = prop(search, 'listings')
  const total = prop(search, 'totalListingsCount')
  const cards = stateCards(listings)
  const hrefs = cards.size > 0 ? [...cards.keys()] : [...itemListUrls(page), ...cardUrls(page)]
  const urls = [...new Set(hrefs.map((href) => resolveUrl(href, FUNDA_ORIGIN)))].filter(
    (url): url is string => url !== undefined && readDetailUrl(url) !== null,
  )
  const shown = searchPageOf(page.url) * RESULTS_PER_PAGE
  const hasNext = typeof total === 'number' ? shown < total : urls.length >= RESULTS_PER_PAGE
  const userData = page.request.userData
  return {
    detailRequests: urls.map((url) => ({ url, label: 'detail' as const, userData, card: cards.get(url) })),
    nextRequest:
      hasNext && urls.length > 0 ? { url: nextSearchUrl(page.url), label: 'list', userData } : undefined,
    noResults: total === 0,
  }
}

/**
 * The fields of a search state's listing that say what the listing is: its address, price, sizes, energy label,
 * status, offer and kind, and when it was published. Its photos, agent and the products the agent paid for (a top
 * position on some days) change when the listing did not.
 */
const LISTING_FACTS = [
  'address',
  'price',
  'floor_area',
  'plot_area',
  'number_of_rooms',
  'number_of_bedrooms',
  'energy_label',
  'status',
  'offering_type',
  'object_type',
  'construction_type',
  'publish_date',
] as const

/**
 * The Nuxt state's listings by detail URL, each with its card: the listing's facts ({@link LISTING_FACTS}). The
 * JSON-LD and card-link fallbacks carry no card, so their detail pages are always read.
 */
function stateCards(listings: unknown): Map<string, Card> {
  const cards = new Map<string, Card>()
  if (!Array.isArray(listings)) return cards
  for (const listing of listings) {
    const href = prop(listing, 'object_detail_page_relative_url')
    const url = typeof href === 'string' ? resolveUrl(href, FUNDA_ORIGIN) : undefined
    if (url) cards.set(url, cardOf(Object.fromEntries(LISTING_FACTS.map((key) => [key, prop(listing, key)]))))
  }
  return cards
}

/** The search page's JSON-LD `ItemList`: the 15 detail URLs, without anything else. */
function itemListUrls(page: Page): string[] {
  const urls: string[] = []
  for (const block of readJsonLd(page.$)) {
    const elements = prop(block, 'itemListElement')
    if (!Array.isArray(elements)) continue
    for (const element of elements) {
      const url = prop(element, 'url')
      if (typeof url === 'string') urls.push(url)
    }
  }
  return urls
}

/** The cards' address links (`a[data-testid="listingDetailsAddress"]`), the last resort. */
function cardUrls(page: Page): string[] {
  return page
    .$('a[data-testid="listingDetailsAddress"]')
    .map((_, a) => page.$(a).attr('href'))
    .get()
}
