import type { CheerioAPI } from 'cheerio'
import { z } from 'zod'
import {
  dwellingFromWord,
  type ListingInput,
  type Page,
  ParseError,
  readJsonLd,
  splitStreetAddress,
  textOf,
} from '../../src/kit/index.js'
import { listingIdFromUrl } from './huurzone-url.js'

const reference = z.object({ '@id': z.string() })

/** The page's `RealEstateListing` node: its URL, title and the date it was placed. */
const listingNode = z.object({
  '@type': z.literal('RealEstateListing'),
  url: z.string(),
  name: z.string().optional(),
  datePosted: z.string().optional(),
  mainEntity: reference.optional(),
})

/** The home the listing is about (`Apartment`, `House`, …), found by the listing's `mainEntity` id. */
const propertyNode = z.object({
  '@id': z.string(),
  address: z.object({ addressLocality: z.string().optional() }).optional(),
  floorSize: z.object({ value: z.number() }).optional(),
  numberOfRooms: z.number().optional(),
  yearBuilt: z.number().optional(),
})

/** The rent: `price` is a decimal string per `priceSpecification.unitCode` MON (a month). */
const offerNode = z.object({
  '@type': z.literal('Offer'),
  price: z.union([z.string(), z.number()]).optional(),
})

/** The nodes of the page's JSON-LD `@graph`. */
function graphOf($: CheerioAPI): unknown[] {
  return readJsonLd($).flatMap((block) => {
    const graph = z.object({ '@graph': z.array(z.unknown()) }).safeParse(block)
    return graph.success ? graph.data['@graph'] : [block]
  })
}

/** The first node of the graph that fits the schema (and the test), or undefined. */
function findNode<T>(
  graph: unknown[],
  schema: z.ZodType<T>,
  test: (node: T) => boolean = () => true,
): T | undefined {
  for (const node of graph) {
    const parsed = schema.safeParse(node)
    if (parsed.success && test(parsed.data)) return parsed.data
  }
  return undefined
}

/** The value of a `dl` row by its label ("Postcode"); '' when the page has no such row. */
function rowValue($: CheerioAPI, label: string): string {
  const row = $('dl')
    .filter((_, dl) => textOf($(dl).find('dt')) === label)
    .first()
  return textOf(row.find('dd'))
}

/**
 * The street, unless the page hides it behind its paid plan: then the row links to `/upgrade/{id}` instead of
 * naming the street, and the listing has none.
 */
function streetOf($: CheerioAPI): string {
  const row = $('dl').filter((_, dl) => textOf($(dl).find('dt')) === 'Straat')
  return row.find('a[href*="/upgrade/"]').length > 0 ? '' : textOf(row.find('dd'))
}

/**
 * A detail page → a listing, from its JSON-LD graph (area, rooms, year, rent, date) and the location rows
 * (postcode, street when shown). A page without a `RealEstateListing` node has changed its layout.
 */
export function parseDetailPage(page: Page): ListingInput {
  const { $ } = page
  const graph = graphOf($)
  const listing = findNode(graph, listingNode)
  if (!listing)
    throw new ParseError('No RealEstateListing JSON-LD on a Huurzone detail page', { url: page.url })
  const home = findNode(graph, propertyNode, (node) => node['@id'] === listing.mainEntity?.['@id'])
  const offer = findNode(graph, offerNode)
  const price = offer?.price === undefined ? null : Number(offer.price)
  const { street, houseNumber } = splitStreetAddress(streetOf($))
  const url = listing.url || page.url
  return {
    sourceListingId: listingIdFromUrl(url) ?? '',
    url,
    type: 'rent',
    price: price !== null && Number.isFinite(price) ? price : null,
    surfaceArea: home?.floorSize?.value ?? null,
    rooms: home?.numberOfRooms ?? null,
    yearBuilt: home?.yearBuilt ?? null,
    dwellingType: dwellingFromWord(listing.name?.split(' ')[0] ?? ''),
    street: street || null,
    houseNumber,
    postcode: rowValue($, 'Postcode') || null,
    city: home?.address?.addressLocality ?? rowValue($, 'Woonplaats'),
    listedAt: listing.datePosted ?? null,
  }
}
