import {
  dwellingFromWord,
  type ListingInput,
  labelledFacts,
  ownTextOf,
  type Page,
  ParseError,
  parsePrice,
  readJsonLd,
  splitStreetAddress,
  textOf,
} from '../../src/kit/index.js'
import { listingIdFromUrl } from './search-page.js'

/** The "Details" list: each `<li>` holds a `<span>` label and a `<strong>` value, both with `<small>` notes beside. */
function readFeatures(page: Page): ReadonlyMap<string, string> {
  return labelledFacts(page.$('.house-features li'), (li) => [
    ownTextOf(li.children('span')),
    ownTextOf(li.children('strong')),
  ])
}

/** The date the page was first published (Yoast's JSON-LD `WebPage.datePublished`): when the home was listed. */
function datePublished(page: Page): string | null {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null
  for (const block of readJsonLd(page.$).filter(isObject)) {
    const graph = block['@graph']
    for (const node of (Array.isArray(graph) ? graph : [block]).filter(isObject)) {
      if (node['@type'] === 'WebPage' && typeof node.datePublished === 'string') return node.datePublished
    }
  }
  return null
}

/**
 * The house number, which only the share pop-up prints ("Oppert 274"); taken only when the street there is the
 * heading's street, so another home's address can never lend its number.
 */
function houseNumber(page: Page, street: string): string | null {
  const shared = splitStreetAddress(textOf(page.$('.share-popup__block-text p')))
  return shared.street.toLowerCase() === street.toLowerCase() ? shared.houseNumber : null
}

/** A detail page → one listing. Throws `ParseError` when the heading block is missing. */
export function parseDetailPage(page: Page): ListingInput {
  const { $ } = page
  const street = textOf($('.house-detail__top h1'))
  const id = listingIdFromUrl(page.url)
  if (!street || !id) {
    throw new ParseError('No listing heading or id: not a detail page, or the layout changed', {
      url: page.url,
    })
  }
  const features = readFeatures(page)
  // "Kale huur" is the bare rent; the heading's price is the same figure, shown when the list leaves it out.
  const price = parsePrice(features.get('Kale huur') || textOf($('.house-detail__price')))
  const [kind = ''] = (features.get('Type') ?? '').split(',')
  return {
    sourceListingId: id,
    url: page.url,
    type: 'rent',
    price: price.amount,
    priceOnRequest: price.onRequest,
    surfaceArea: features.get('Oppervlakte') ?? null,
    rooms: features.get('Aantal kamers') ?? null,
    dwellingType: dwellingFromWord(kind.trim()),
    street,
    houseNumber: houseNumber(page, street),
    city: textOf($('.house-detail__top .house-detail__subtitle')),
    listedAt: datePublished(page),
  }
}
