import {
  dwellingFromWord,
  type ListingInput,
  type Page,
  ParseError,
  parsePrice,
  readJsonLd,
  textOf,
} from '../../src/kit/index.js'
import { cardOnlyFactsOf } from '../_shared/card-only-facts.js'
import { splitPostcodeCity } from '../_shared/page-text.js'
import { listingIdFromUrl } from './search-page.js'
import { readSpecs } from './spec-list.js'

/** The JSON-LD `Residence` block's address, "Lotustuin, 3078KL Rotterdam": street, postcode and city. */
function residenceAddress(page: Page): { street: string; postcode: string; city: string } | null {
  const residence = readJsonLd(page.$).find(
    (block): block is { address: string } =>
      typeof block === 'object' &&
      block !== null &&
      (block as { '@type'?: unknown })['@type'] === 'Residence' &&
      typeof (block as { address?: unknown }).address === 'string',
  )
  const comma = residence?.address.lastIndexOf(',') ?? -1
  if (!residence || comma === -1) return null
  const place = splitPostcodeCity(residence.address.slice(comma + 1))
  return place ? { street: residence.address.slice(0, comma).trim(), ...place } : null
}

/**
 * A detail page → one listing: the address with postcode from the JSON-LD `Residence`, the price, and the
 * `.pand-specs` facts. 123Wonen publishes no house numbers. Throws `ParseError` when the heading is missing.
 */
export function parseDetailPage(page: Page): ListingInput {
  const { $ } = page
  const heading = textOf($('h1.panddetail-address-large'))
  const id = listingIdFromUrl(page.url)
  if (!heading || !id) {
    throw new ParseError('No listing heading or id: not a detail page, or the layout changed', {
      url: page.url,
    })
  }
  const specs = readSpecs($, $('body'))
  const address = residenceAddress(page)
  const price = parsePrice(textOf($('.panddetail-price')))
  return {
    sourceListingId: id,
    url: page.url,
    type: 'rent',
    price: price.amount,
    priceOnRequest: price.onRequest,
    surfaceArea: specs.get('Woonoppervlakte') ?? null,
    rooms: specs.get('Kamers') ?? null,
    energyLabel: cardOnlyFactsOf(page).energyLabel,
    yearBuilt: specs.get('Bouwjaar') ?? null,
    dwellingType: dwellingFromWord(specs.get('Type') ?? ''),
    street: (address?.street ?? textOf($('.panddetail-address span'))) || null,
    postcode: address?.postcode ?? null,
    city: address?.city ?? heading.split(',').pop()?.trim() ?? '',
    listedAt: specs.get('Aangeboden sinds') ?? null,
  }
}
