import type { CheerioAPI } from 'cheerio'
import {
  dwellingFromWord,
  type ListingInput,
  labelledFacts,
  type Page,
  ParseError,
  parseListingDate,
  parsePrice,
  readJsonLd,
  resolveUrl,
  splitStreetAddress,
  textOf,
} from '../../src/kit/index.js'
import { listingIdFromUrl, offerFromUrl } from './listing-markup.js'

/**
 * Pararius and Huurwoningen detail pages: the JSON-LD House/Product block, the `dl.listing-features` rows
 * (Dutch or English labels) and the summary title and location. Either the JSON-LD or the summary must be there.
 */

/** Feature rows (`dt`/`dd`) by their lower-cased label; the first row wins where a label repeats. */
function readFeatures($: CheerioAPI): Map<string, string> {
  return labelledFacts($('dt.listing-features__term'), (dt) => {
    const dd = dt.next('dd')
    const main = dd.find('.listing-features__main-description').first().text() || dd.text()
    return [dt.text().trim().toLowerCase(), main.replace(/\s+/g, ' ').trim()]
  })
}

const pick = (features: Map<string, string>, ...labels: string[]) => {
  for (const label of labels) {
    const value = features.get(label)
    if (value) return value
  }
  return null
}

interface JsonLdHome {
  address?: { streetAddress?: string; addressLocality?: string; postalCode?: string }
  floorSize?: { value?: number | string }
  numberOfRooms?: { value?: number }[] | number
  yearBuilt?: number | string
  datePosted?: string
  offers?: { price?: string | number; validFrom?: string }
}

const HOME_TYPES = new Set(['House', 'Product', 'Apartment', 'SingleFamilyResidence', 'RealEstateListing'])

function findHome(blocks: unknown[]): JsonLdHome | null {
  for (const block of blocks) {
    const type = (block as { '@type'?: unknown })?.['@type']
    if ((Array.isArray(type) ? type : [type]).some((t) => HOME_TYPES.has(String(t))))
      return block as JsonLdHome
  }
  return null
}

const roomsOf = (home: JsonLdHome | null) => {
  const rooms = home?.numberOfRooms
  return typeof rooms === 'number' ? rooms : (rooms?.[0]?.value ?? null)
}

/** "For rent: Flat Driek van Erpstraat in Oss" / "Te huur: Appartement Kruisstraat 46 in Delft" → the street part. */
function streetFromTitle(title: string): string {
  const withoutPrefix = title.replace(/^[^:]*:\s*/, '')
  const withoutCity = withoutPrefix.replace(/\s(?:in|te)\s.+$/s, '')
  return withoutCity.split(' ').slice(1).join(' ').trim()
}

/** A detail page → one listing. Throws `ParseError` when the page has neither the summary nor the JSON-LD. */
export function parseDetailPage(page: Page): ListingInput {
  const { $ } = page
  const canonical =
    resolveUrl(
      $('link[rel="canonical"]').attr('href') ?? $('meta[property="og:url"]').attr('content'),
      page.url,
    ) ?? page.url
  const id = listingIdFromUrl(canonical) ?? listingIdFromUrl(page.url)
  const offer = offerFromUrl(canonical) ?? offerFromUrl(page.url)
  const home = findHome(readJsonLd($))
  const title = textOf($('.listing-detail-summary__title'))
  if (!id || !offer || (!home && !title)) {
    throw new ParseError('Not a listing detail page: no listing id, offer type, summary or JSON-LD', {
      url: page.url,
    })
  }
  const features = readFeatures($)
  const priceText =
    pick(features, 'rental price', 'huurprijs', 'asking price', 'vraagprijs', 'price', 'prijs') ??
    $('.listing-detail-summary__price-main').first().text()
  const price = parsePrice(priceText)
  const location = $('.listing-detail-summary__location').first().text().trim()
  const city =
    home?.address?.addressLocality?.trim() ||
    /\s(?:in|te)\s(.+)$/.exec(title)?.[1]?.trim() ||
    $('.breadcrumbs__item').eq(1).text().trim()
  // The JSON-LD street has the number where the page shows one ("Kruisstraat 46" on a 2026 page); 2024 pages gave the
  // street alone. The .nl title has it too.
  const address = splitStreetAddress(home?.address?.streetAddress?.trim() || streetFromTitle(title))
  // The facts as shown ("65 m²", "Niet beschikbaar"), the feature rows first: the kit reads them.
  return {
    sourceListingId: id,
    url: canonical,
    type: offer.type,
    price: price.amount ?? parsePrice(String(home?.offers?.price ?? '')).amount,
    priceOnRequest: price.onRequest,
    surfaceArea: pick(features, 'living area', 'woonoppervlakte') ?? home?.floorSize?.value ?? null,
    rooms: pick(features, 'number of rooms', 'aantal kamers') ?? roomsOf(home),
    energyLabel: pick(features, 'energy rating', 'energielabel'),
    yearBuilt: pick(features, 'year of construction', 'bouwjaar') ?? home?.yearBuilt ?? null,
    dwellingType:
      dwellingFromWord(pick(features, 'type of house', 'soort woning', 'type woning') ?? '') ??
      offer.dwellingType ??
      // Huurwoningen's URLs say only "huren"; its page title starts with the kind ("Appartement te huur …").
      dwellingFromWord($('title').first().text().trim().split(' ')[0] ?? ''),
    street: address.street || null,
    houseNumber: address.houseNumber,
    postcode: home?.address?.postalCode?.trim() || /^\d{4}\s?[A-Z]{2}/.exec(location)?.[0] || null,
    city,
    // The JSON-LD dates as given; the feature row may be relative ("3+ months"), which is no date at all.
    listedAt:
      home?.offers?.validFrom ||
      home?.datePosted ||
      parseListingDate(pick(features, 'offered since', 'aangeboden sinds')),
  }
}
