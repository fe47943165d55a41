import type { CheerioAPI } from 'cheerio'
import { z } from 'zod'
import {
  dutchDate,
  dwellingFromWord,
  type ListingInput,
  labelledFacts,
  type Page,
  ParseError,
  parsePrice,
  readJsonLd,
  splitStreetAddress,
  textOf,
} from '../../src/kit/index.js'

/** The rows of the "Kenmerken" tables (`dt` label → `dd` text), first occurrence of each label. */
function featureRows($: CheerioAPI): Map<string, string> {
  return labelledFacts($('.property-data-table dt'), (dt) => [textOf(dt), textOf(dt.next('dd'))])
}

const webPage = z.object({ '@type': z.literal('WebPage'), datePublished: z.string() })

/**
 * The day the listing was published. WordPress writes the moment in UTC ("2026-09-22T22:00:00+00:00" is midnight
 * on 23 September in the Netherlands), so the date is the Dutch calendar day of that moment.
 */
function publishedOn($: CheerioAPI): string | null {
  for (const block of readJsonLd($)) {
    const graph = z.object({ '@graph': z.array(z.unknown()) }).safeParse(block)
    for (const node of graph.success ? graph.data['@graph'] : [block]) {
      const page = webPage.safeParse(node)
      if (!page.success) continue
      const moment = new Date(page.data.datePublished)
      if (Number.isNaN(moment.getTime())) return null
      return dutchDate(moment)
    }
  }
  return null
}

/** The WordPress post id of the listing (`<article id="post-1012954">`), stable while the listing exists. */
function postIdOf($: CheerioAPI): string {
  return /^post-(\d+)$/.exec($('article[id^="post-"]').attr('id') ?? '')?.[1] ?? ''
}

/**
 * A listing page → a listing, from its "Kenmerken" tables: address (street without number, postcode, city),
 * rent, kind, year, living area, rooms and energy label. A page without those tables has changed its layout.
 */
export function parseDetailPage(page: Page): ListingInput {
  const { $ } = page
  const rows = featureRows($)
  if (rows.size === 0)
    throw new ParseError('No feature tables on an Interhouse listing page', { url: page.url })
  const price = parsePrice(rows.get('Huurprijs'))
  const { street, houseNumber } = splitStreetAddress(rows.get('Straatnaam') ?? '')
  return {
    sourceListingId: postIdOf($),
    url: page.url,
    type: 'rent',
    price: price.amount,
    priceOnRequest: price.onRequest,
    surfaceArea: rows.get('Woonoppervlakte') ?? null,
    rooms: rows.get('Aantal kamers') ?? null,
    energyLabel: rows.get('Energieklasse') ?? null,
    yearBuilt: rows.get('Bouwjaar') ?? null,
    dwellingType: dwellingFromWord(rows.get('Type') ?? ''),
    street: street || null,
    houseNumber,
    postcode: rows.get('Postcode') ?? null,
    city: rows.get('Stad') ?? '',
    listedAt: publishedOn($),
  }
}
