import {
  type ListingInput,
  labelledFacts,
  ownTextOf,
  type Page,
  ParseError,
  parsePrice,
  splitStreetAddress,
  textOf,
} from '../../src/kit/index.js'
import { cardOnlyFactsOf } from '../_shared/card-only-facts.js'
import { listingIdFromUrl } from './search-page.js'

/** The facts bar: each `.woningdetails` block holds a `<strong>` label and the value as bare text after it. */
function readFacts(page: Page): ReadonlyMap<string, string> {
  return labelledFacts(page.$('.bg-graylight .woningdetails'), (block) => [
    textOf(block.find('strong')),
    ownTextOf(block),
  ])
}

/** A detail page → one listing. Throws `ParseError` when the heading is missing. */
export function parseDetailPage(page: Page): ListingInput {
  const { $ } = page
  const heading = textOf($('.woningdetails h1'))
  const id = listingIdFromUrl(page.url)
  if (!heading || !id) {
    throw new ParseError('No listing heading or id: not a detail page, or the layout changed', {
      url: page.url,
    })
  }
  const facts = readFacts(page)
  const { street, houseNumber } = splitStreetAddress(heading)
  const price = parsePrice(textOf($('.woningdetails h2.price')))
  return {
    sourceListingId: id,
    url: page.url,
    type: 'rent',
    price: price.amount,
    priceOnRequest: price.onRequest,
    surfaceArea: facts.get('Woon oppervlakte') ?? null,
    rooms: facts.get('Aantal kamers') ?? null,
    energyLabel: cardOnlyFactsOf(page).energyLabel,
    street: street || null,
    houseNumber,
    city: ownTextOf($('.woningdetails h4')),
  }
}
