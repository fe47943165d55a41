import type { CheerioAPI } from 'cheerio'
import {
  dwellingFromWord,
  type ListingInput,
  labelledFacts,
  type Page,
  ParseError,
  parsePrice,
  splitStreetAddress,
  textOf,
} from '../../src/kit/index.js'
import { splitPlaceLine } from '../_shared/page-text.js'
import { listingIdFromUrl } from './mvgm-url.js'

/** The "Kenmerken" table: `th` label → `td` text, first row of a label. */
function featureRows($: CheerioAPI): Map<string, string> {
  return labelledFacts($('.object-description table tr'), (tr) => [
    textOf(tr.find('th')),
    textOf(tr.find('td')),
  ])
}

/**
 * A listing page → a listing: street and number from the heading ("Te huur: Louis Pregerkade 64"), postcode, city
 * and kind from the line below it, and rent, living area and energy label from the "Kenmerken" table. The page
 * counts bedrooms only, so rooms stay empty. A page without the address block has changed its layout.
 */
export function parseDetailPage(page: Page): ListingInput {
  const { $ } = page
  const address = $('.object-addres').first()
  if (address.length === 0)
    throw new ParseError('No address block on an MVGM listing page', { url: page.url })
  const heading = textOf(address.find('h1')).replace(/^Te huur:\s*/i, '')
  const { street, houseNumber } = splitStreetAddress(heading)
  // "3071AZ Rotterdam (Appartement)": postcode, city and the kind of home.
  const place = splitPlaceLine(textOf(address.find('p').first()))
  const rows = featureRows($)
  const price = parsePrice(rows.get('Huurprijs') ?? textOf(address.find('p').eq(1)))
  return {
    sourceListingId: listingIdFromUrl(page.url) ?? '',
    url: page.url,
    type: 'rent',
    price: price.amount,
    priceOnRequest: price.onRequest,
    surfaceArea: rows.get('Woonoppervlakte') ?? null,
    energyLabel: rows.get('Energielabel') ?? null,
    dwellingType: dwellingFromWord(place.note ?? ''),
    street: street || null,
    houseNumber,
    postcode: place.postcode,
    city: place.city,
  }
}
