import type { Cheerio } from 'cheerio'
import {
  type AnyNode,
  type ListingInput,
  type ListPageResult,
  type Page,
  ParseError,
  parsePrice,
  resolveUrl,
} from '../../src/kit/index.js'

/** The residence id: the last segment of its page's path ("antonia-veerstraat-student-accommodation"). */
const residenceId = (url: string) => /\/([\w-]+)\/?$/.exec(new URL(url).pathname)?.[1] ?? null

/** The city a city page is about, from its own URL (`/nl/netherlands/{city}/`). */
function cityOf(page: Page, names: Readonly<Record<string, string>>): string {
  const slug = /\/netherlands\/([\w-]+)\/?$/.exec(new URL(page.url).pathname)?.[1] ?? ''
  return names[slug] ?? ''
}

/**
 * One residence card → a listing for the residence: its name (the street it stands on), its page and the lowest
 * rent it offers ("Vanaf EUR 813,00 per maand"). Null when the card has no name or no link: not a residence card.
 */
function toListing(block: Cheerio<AnyNode>, base: string, city: string): ListingInput | null {
  const name = block.find('h3').first().text().trim()
  const url = resolveUrl(block.find('.filtered-button a[href]').first().attr('href'), base)
  const id = url ? residenceId(url) : null
  if (!name || !url || !id) return null
  const price = parsePrice(block.find('.filtered-button-price').first().text().replace(/\s+/g, ' '))
  return {
    sourceListingId: id,
    url,
    type: 'rent',
    price: price.amount,
    priceOnRequest: price.onRequest,
    street: name,
    city,
  }
}

/**
 * A city page → one listing per residence card. The empty-result notice is always in the markup (the page's
 * script shows it), so a page with the results block and no card is an empty city; without the block the layout
 * changed.
 */
export function parseCityPage(page: Page, cityNames: Readonly<Record<string, string>>): ListPageResult {
  const { $ } = page
  const results = $('.js-property-section-results')
  if (results.length === 0) throw new ParseError('No residence list on the Xior city page', { url: page.url })
  const city = cityOf(page, cityNames)
  const listings = results
    .find('.filtered-homes-content')
    .toArray()
    .map((card) => toListing($(card), page.url, city))
    .filter((listing): listing is ListingInput => listing !== null)
  return { listings, noResults: listings.length === 0 && $('.js-property-section-empty').length > 0 }
}
