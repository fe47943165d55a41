import {
  type CardValues,
  cardListing,
  isLetOrSold,
  type ListingInput,
  type ListPageResult,
  type OfferType,
  offerTypeOf,
  type Page,
  ParseError,
  resolveUrl,
  valueAt,
} from '../../../src/kit/index.js'
import type { JsonCardsOptions } from './options.js'

/** The response as JSON; a body that is not JSON is not the API the site file describes. */
function bodyOf(page: Page): unknown {
  try {
    return page.json()
  } catch (error) {
    throw new ParseError('The list response is not JSON', { url: page.url }, { cause: error })
  }
}

/** The items of a response; a path that leads to no list means the API changed (or the path is wrong). */
function itemsOf(body: unknown, options: JsonCardsOptions, url: string): unknown[] {
  const items = options.items === undefined ? body : valueAt(body, options.items)
  if (!Array.isArray(items)) {
    const where = options.items === undefined ? 'the response' : `options.items (${options.items})`
    throw new ParseError(`${where} is not a list of items`, { url, option: 'options.items' })
  }
  return items
}

/** What one item shows, field by field; a path the item lacks gives an absent value. */
const valuesOf = (item: unknown, options: JsonCardsOptions): CardValues =>
  Object.fromEntries(Object.entries(options.fields).map(([key, path]) => [key, valueAt(item, path!)]))

/**
 * One item → a listing. An item without an id, a URL, a price or a city is a listing the validation refuses,
 * naming that field: one item the site wrote differently, not the whole page.
 */
function itemListing(
  item: unknown,
  options: JsonCardsOptions,
  type: OfferType,
  pageUrl: string,
): ListingInput {
  const values = valuesOf(item, options)
  const { id, url } = options.fields
  const rawId = valueAt(item, id)
  const rawUrl = valueAt(item, url)
  return cardListing({
    id: typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : '',
    url: typeof rawUrl === 'string' ? (resolveUrl(rawUrl, pageUrl) ?? rawUrl) : '',
    type,
    values,
  })
}

/**
 * A JSON search response: a listing per item not let or sold, the next page when the response names one, and "no
 * results" when the list is empty.
 */
export function parseListResponse(
  page: Page,
  options: JsonCardsOptions,
  offers: readonly OfferType[],
): ListPageResult {
  const body = bodyOf(page)
  const items = itemsOf(body, options, page.url)
  const type = offerTypeOf(page, options.lists, offers)
  const listings = items
    .filter(
      (item) =>
        options.fields.status === undefined ||
        !isLetOrSold(valueAt(item, options.fields.status), options.takenStatuses),
    )
    .map((item) => itemListing(item, options, type, page.url))
  const nextValue = options.next === undefined ? undefined : valueAt(body, options.next)
  const next = typeof nextValue === 'string' ? resolveUrl(nextValue, page.url) : undefined
  return {
    listings,
    nextRequest: next && items.length > 0 ? { url: next, label: 'list', userData: { type } } : undefined,
    noResults: items.length === 0,
  }
}
