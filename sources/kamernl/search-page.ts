import type { Cheerio } from 'cheerio'
import {
  type AnyNode,
  type DwellingType,
  isLetOrSold,
  type ListingInput,
  type ListPageResult,
  type Page,
  ParseError,
  readJsonLd,
  resolveUrl,
  textOf,
} from '../../src/kit/index.js'

/** The category word of a Kamer.nl listing URL → the kind of home. */
const DWELLING_OF_CATEGORY: Readonly<Record<string, DwellingType>> = {
  kamer: 'room',
  studio: 'studio',
  appartement: 'apartment',
  huurwoning: 'house',
}

/** `/huren/kamer-delft/julianalaan/675658/` → its category, city slug, street slug and id. */
const LISTING_PATH = /^\/huren\/(kamer|studio|appartement|huurwoning)-([a-z0-9-]+)\/([a-z0-9-]+)\/(\d+)\/?$/

/** The parts of a listing URL, or null for a URL that is not a listing's. */
export function listingPathOf(
  url: string,
): { dwellingType: DwellingType; citySlug: string; streetSlug: string; id: string } | null {
  const m = LISTING_PATH.exec(new URL(url).pathname)
  if (!m) return null
  return { dwellingType: DWELLING_OF_CATEGORY[m[1]!]!, citySlug: m[2]!, streetSlug: m[3]!, id: m[4]! }
}

/** One item of the results' `ItemList` JSON-LD, as far as this adapter reads it. */
interface ResultItem {
  readonly url?: unknown
  readonly price?: unknown
  readonly priceCurrency?: unknown
}

/** `oude-delft` → `Oude Delft`: the name a URL slug stands for, for a result whose card is missing. */
const nameOfSlug = (slug: string): string =>
  slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')

/**
 * The page's first `ItemList` JSON-LD, the results column's: the search's own results, in their order (a second list,
 * of homes just outside the town, follows it on a page that has them). Null when the page has no results column.
 */
function resultItems(page: Page): unknown[] | null {
  const results = page.$('.search-results-list').first()
  if (results.length === 0) return null
  const list = readJsonLd(page.$).find(
    (block): block is { itemListElement?: unknown } =>
      typeof block === 'object' && block !== null && (block as { '@type'?: unknown })['@type'] === 'ItemList',
  )
  return Array.isArray(list?.itemListElement) ? list.itemListElement : null
}

/** A card's address line, "Julianalaan,<br>Delft": the street and the town, each as printed. */
function addressOf(card: Cheerio<AnyNode>): { street: string | null; city: string | null } {
  const lines = card
    .find('p.font-bold')
    .first()
    .contents()
    .filter((_, node) => node.type === 'text')
    .map((_, node) => (node as unknown as { data: string }).data.replace(/,\s*$/, '').trim())
    .get()
    .filter((line) => line !== '')
  return { street: lines[0] ?? null, city: lines[1] ?? null }
}

/** The first of a card's bold facts that matches `pattern` ("16m²", "1 kamer"), as printed. */
function factOf(page: Page, card: Cheerio<AnyNode>, pattern: RegExp): string | null {
  const facts = card
    .find('p.font-bold')
    .toArray()
    .map((p) => textOf(page.$(p)))
  return facts.find((text) => pattern.test(text)) ?? null
}

/**
 * One result → a listing: its URL, id and price from the JSON-LD item; street, town, area and rooms from the card
 * with the same id. A result the excerpted or changed page shows no card for keeps the street and town its URL names.
 */
function readResult(item: ResultItem, page: Page): ListingInput | null {
  const url = (typeof item.url === 'string' && resolveUrl(item.url, page.url)) || ''
  const path = url ? listingPathOf(url) : null
  if (!path) return null
  const card = page.$(`div[id="${path.id}"]`).first()
  if (isLetOrSold(textOf(card.find('p.text-blue-800')))) return null
  const address = card.length > 0 ? addressOf(card) : { street: null, city: null }
  const price = item.priceCurrency === 'EUR' ? Number(item.price) : Number.NaN
  return {
    sourceListingId: path.id,
    url,
    type: 'rent',
    price: Number.isFinite(price) && price > 0 ? price : null,
    surfaceArea: factOf(page, card, /m²/),
    rooms: factOf(page, card, /\bkamers?\b/i),
    dwellingType: path.dwellingType,
    street: address.street ?? nameOfSlug(path.streetSlug),
    city: address.city ?? nameOfSlug(path.citySlug),
  }
}

/**
 * A Kamer.nl search page → its listings, complete on the page: no detail pages are read. The results column says
 * "Resultaten 1 - 6 van 6"; the next page is the one the page itself links (`rel="next"`). A page without the
 * results column or its item list is a layout change, or a challenge page the fetcher did not recognise.
 */
export function parseSearchPage(page: Page): ListPageResult {
  const items = resultItems(page)
  if (items === null) {
    throw new ParseError('No search results item list: not a Kamer.nl search page, or the layout changed', {
      url: page.url,
    })
  }
  if (items.length === 0) return { noResults: true }
  const listings = items
    .map((item) => readResult((typeof item === 'object' && item !== null ? item : {}) as ResultItem, page))
    .filter((listing): listing is ListingInput => listing !== null)
  const next = resolveUrl(page.$('link[rel="next"], a[rel="next"]').first().attr('href'), page.url)
  return { listings, nextRequest: next ? { url: next, label: 'list' } : undefined }
}
