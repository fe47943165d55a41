import type { Cheerio, CheerioAPI } from 'cheerio'
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

/** A listing's own page: `/huurwoningen-huren/{city}/{street}/{kind}-{id}`; the id is Direct Wonen's number. */
const DETAIL_PATH = /^\/huurwoningen-huren\/[^/]+\/[^/]+\/[a-z-]+-(\d+)$/

/** "Te huur: Appartement Martinus Nijhofflaan, Delft - 1": the kind, the street in full and the city. */
const TILE_TITLE = /^Te huur:\s*(\S+)\s+(.+?),\s*([^,]+?)\s*-\s*\d+$/

/** The listing id in a detail URL, or null when the URL is not a listing's own page. */
export function listingIdFromUrl(url: string): string | null {
  return DETAIL_PATH.exec(new URL(url).pathname)?.[1] ?? null
}

/**
 * The listing's own URL. Tiles of members-only listings link to a payment page, so the URL is taken from the
 * "Alle kenmerken tonen" link in the tile's fold-out, which every tile has and which points at the listing.
 */
function detailUrlOf($: CheerioAPI, $tile: Cheerio<AnyNode>, base: string): string | null {
  for (const el of $tile.find('.advert-content-detail a').toArray()) {
    const url = resolveUrl($(el).attr('href'), base)
    if (url && listingIdFromUrl(url)) return url
  }
  return null
}

/**
 * One tile → a listing. A tile shows everything the site tells anonymous visitors: kind, bare rent, rooms,
 * area, street and city (never a house number or postcode), so no detail page is fetched. The street comes
 * from the tile's title, which spells it out ("Martinus Nijhofflaan") where the heading abbreviates it.
 */
function readTile($: CheerioAPI, tile: AnyNode, base: string): ListingInput {
  const $tile = $(tile)
  const url = detailUrlOf($, $tile, base)
  const title = TILE_TITLE.exec($tile.find('a.inner-content').attr('title')?.trim() ?? '')
  const word = textOf($tile.find('.advert-location-header'))
  const price = parsePrice(textOf($tile.find('.advert-location-price')))
  return {
    sourceListingId: url ? (listingIdFromUrl(url) ?? '') : '',
    url: url ?? '',
    type: 'rent',
    price: price.amount,
    priceOnRequest: price.onRequest,
    surfaceArea: textOf($tile.find('.small-banner.surface .small-banner-top')),
    rooms: textOf($tile.find('.small-banner.rooms .small-banner-top')),
    dwellingType: dwellingFromWord(word),
    street: title?.[2] ?? null,
    city: title?.[3] ?? '',
  }
}

/** The page after the current one in the pager, if the pager links one. */
function nextPageUrl($: CheerioAPI, base: string): string | undefined {
  return resolveUrl($('.pager a.current').first().nextAll('a').first().attr('href'), base)
}

/**
 * A search page: every tile is a complete listing. A page without the tiles container has changed its layout;
 * a container without tiles is an empty search.
 */
export function parseSearchPage(page: Page): ListPageResult {
  const { $ } = page
  const container = $('.tiles-container')
  if (container.length === 0)
    throw new ParseError('No .tiles-container on a Direct Wonen search page', { url: page.url })
  const tiles = container.find('.tile').toArray()
  if (tiles.length === 0) return { noResults: true }
  const next = nextPageUrl($, page.url)
  return {
    listings: tiles.map((tile) => readTile($, tile, page.url)),
    nextRequest: next ? { url: next, label: 'list' } : undefined,
  }
}
