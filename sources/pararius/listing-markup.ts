import type { CheerioAPI } from 'cheerio'
import {
  type DWELLING_TYPES,
  type ListingInput,
  type ListPageResult,
  type OfferType,
  type Page,
  ParseError,
  parseArea,
  parseEnergyLabel,
  parsePrice,
  parseRooms,
  parseYearBuilt,
  readJsonLd,
  resolveUrl,
  type SourceRequest,
} from '../../src/kit/index.js'

/**
 * The markup Pararius and Huurwoningen share (both run on the same platform): search cards
 * (`section.listing-search-item`) and detail pages (`dl.listing-features`, a House/Product JSON-LD block).
 * One parser, used by both adapters.
 */

type DwellingType = (typeof DWELLING_TYPES)[number]

/** The 8-hex listing id both sites put after the city segment of a detail URL. */
const LISTING_ID =
  /\/(?:[a-z-]+-(?:te-huur|te-koop|for-rent|for-sale)|huren|kopen)\/[^/]+\/([0-9a-f]{8})(?:\/|$)/

/** The stable id in a detail URL, or null when the URL is not a detail URL. */
export function listingIdFromUrl(url: string): string | null {
  try {
    return LISTING_ID.exec(new URL(url).pathname)?.[1] ?? null
  } catch {
    return null
  }
}

/** Search cards → detail requests, plus the next page. A "no results" page says so instead of yielding nothing. */
export function parseSearchPage(page: Page): ListPageResult {
  const { $ } = page
  // Cards below a "no results" title are "nearby" suggestions from other searches: ignore them.
  if ($('.no-search-results__title').length > 0) return { noResults: true }
  const detailRequests: SourceRequest[] = []
  $('section.listing-search-item').each((_, card) => {
    const href = $(card).find('a.listing-search-item__link--title').attr('href')
    const url = resolveUrl(href, page.url)
    if (url && listingIdFromUrl(url))
      detailRequests.push({ url, label: 'detail', userData: page.request.userData })
  })
  const next = resolveUrl($('a.pagination__link--next').attr('href'), page.url)
  return {
    detailRequests,
    nextRequest: next ? { url: next, label: 'list', userData: page.request.userData } : undefined,
  }
}

/** Feature rows (`dt`/`dd`) by their lower-cased label; the first row wins where a label repeats. */
function readFeatures($: CheerioAPI): Map<string, string> {
  const features = new Map<string, string>()
  $('dt.listing-features__term').each((_, dt) => {
    const label = $(dt).text().trim().toLowerCase()
    const dd = $(dt).next('dd')
    const main = dd.find('.listing-features__main-description').first().text() || dd.text()
    if (label && !features.has(label)) features.set(label, main.replace(/\s+/g, ' ').trim())
  })
  return features
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
  offers?: { price?: string | number; validFrom?: string }
}

function findHome(blocks: unknown[]): JsonLdHome | null {
  for (const block of blocks) {
    const type = (block as { '@type'?: unknown })?.['@type']
    const types = Array.isArray(type) ? type : [type]
    if (
      types.some(
        (t) => t === 'House' || t === 'Product' || t === 'Apartment' || t === 'SingleFamilyResidence',
      )
    ) {
      return block as JsonLdHome
    }
  }
  return null
}

/** The offer type and kind of home, from the detail URL's first segment ("apartment-for-rent", "huis-te-koop"). */
export function offerFromUrl(url: string): { type: OfferType; dwellingType: DwellingType | null } | null {
  const segment = new URL(url).pathname.split('/')[1] ?? ''
  const type: OfferType | null = /te-huur|for-rent|^huren$/.test(segment)
    ? 'rent'
    : /te-koop|for-sale|^kopen$/.test(segment)
      ? 'buy'
      : null
  if (!type) return null
  return { type, dwellingType: dwellingFromWord(segment.split('-')[0] ?? '') }
}

function dwellingFromWord(word: string): DwellingType | null {
  const w = word.toLowerCase()
  if (/^(appartement|apartment|flat|bovenwoning|benedenwoning|penthouse|maisonnette)/.test(w))
    return 'apartment'
  if (/^(huis|house|woonhuis|villa|eengezinswoning|tussenwoning|hoekwoning)/.test(w)) return 'house'
  if (/^(kamer|room)/.test(w)) return 'room'
  if (/^studio/.test(w)) return 'studio'
  return null
}

/** "21-10-2024" → "2024-10-21"; relative texts ("3+ months") → null. */
function isoDate(text: string | null | undefined): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text?.trim() ?? '')
  if (match) return `${match[3]}-${match[2]}-${match[1]}`
  return /^\d{4}-\d{2}-\d{2}$/.test(text ?? '') ? (text as string) : null
}

/** A detail page → one listing. Throws `ParseError` when the page has neither the summary nor the JSON-LD. */
export function parseDetailPage(page: Page): ListingInput {
  const { $ } = page
  const canonical = resolveUrl($('link[rel="canonical"]').attr('href'), page.url) ?? page.url
  const id = listingIdFromUrl(canonical) ?? listingIdFromUrl(page.url)
  const offer = offerFromUrl(canonical) ?? offerFromUrl(page.url)
  const home = findHome(readJsonLd($))
  const title = $('.listing-detail-summary__title').first().text().replace(/\s+/g, ' ').trim()
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
  const street = home?.address?.streetAddress?.trim() || streetFromTitle(title)
  const streetNumber = splitTrailingNumber(street)
  const rooms = parseRooms(pick(features, 'number of rooms', 'aantal kamers'))
  return {
    sourceListingId: id,
    url: canonical,
    type: offer.type,
    price: price.amount ?? parsePrice(String(home?.offers?.price ?? '')).amount,
    priceOnRequest: price.onRequest,
    surfaceArea:
      parseArea(pick(features, 'living area', 'woonoppervlakte')) ??
      parseArea(String(home?.floorSize?.value ?? '')),
    rooms: rooms.rooms,
    energyLabel: parseEnergyLabel(pick(features, 'energy rating', 'energielabel')),
    yearBuilt: parseYearBuilt(pick(features, 'year of construction', 'bouwjaar')),
    dwellingType:
      dwellingFromWord(pick(features, 'type of house', 'soort woning', 'type woning') ?? '') ??
      offer.dwellingType,
    street: streetNumber.street || null,
    houseNumber: streetNumber.number,
    postcode: home?.address?.postalCode?.trim() || /^\d{4}\s?[A-Z]{2}/.exec(location)?.[0] || null,
    city,
    listedAt:
      isoDate(home?.offers?.validFrom) ?? isoDate(pick(features, 'offered since', 'aangeboden sinds')),
  }
}

/** "For rent: Flat Driek van Erpstraat in Oss" → "Driek van Erpstraat". */
function streetFromTitle(title: string): string {
  const withoutPrefix = title.replace(/^[^:]*:\s*/, '')
  const withoutCity = withoutPrefix.replace(/\s(?:in|te)\s.+$/s, '')
  return withoutCity.split(' ').slice(1).join(' ').trim()
}

/** The .nl site sometimes prints "Kruisstraat 46": split a trailing house number off the street. */
function splitTrailingNumber(street: string): { street: string; number: string | null } {
  const match = /^(.*\D)\s(\d+(?:\s?[-/]?\s?[a-zA-Z0-9]{1,4})?)$/.exec(street.trim())
  return match ? { street: match[1]!.trim(), number: match[2]! } : { street: street.trim(), number: null }
}
