import {
  type DWELLING_TYPES,
  type ListingInput,
  type OfferType,
  type Page,
  ParseError,
  parseListingDate,
  parsePrice,
  readJsonLd,
  splitStreetAddress,
  textOf,
} from '../../src/kit/index.js'
import { splitPostcodeCity } from '../_shared/page-text.js'
import { readDetailUrl } from './funda-url.js'
import { prop, readNuxtPayload } from './nuxt-payload.js'

type DwellingType = (typeof DWELLING_TYPES)[number]

/** The facts a detail page gives, from the Nuxt state or, when that moved, from the JSON-LD and the markup. */
interface DetailFacts {
  globalId: string | null
  offering: OfferType | null
  objectType: string | null
  title: string | null
  houseNumber: string | null
  postcode: string | null
  city: string | null
  /** The price as printed ("€ 1.131 /mnd", "€ 450.000 k.k.", "Prijs op aanvraag") and as a number. */
  priceText: string | null
  numericPrice: number | null
  livingArea: string | null
  publicationDate: string | null
  /** Every kenmerk by its lower-cased label ("bouwjaar", "aantal kamers", "energielabel", "wonen"). */
  features: Map<string, string>
}

/** Text from a state value; devalue revives `["Date", iso]` as a Date, which reads as its ISO string. */
function str(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim()
  if (typeof value === 'number') return String(value)
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : null
}

/** `data["cachedListingData…"]`: the listing as the detail page's Nuxt state holds it. */
function fromNuxt(state: unknown): DetailFacts | null {
  const data = prop(state, 'data')
  if (typeof data !== 'object' || data === null) return null
  const key = Object.keys(data).find((k) => k.startsWith('cachedListingData'))
  const listing = key ? prop(data, key) : undefined
  if (!listing) return null
  const address = prop(listing, 'address')
  const price = prop(listing, 'price')
  const features = new Map<string, string>()
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return
    for (const item of list) {
      const label = str(prop(item, 'Label'))?.toLowerCase()
      const value = str(prop(item, 'Value'))
      if (label && value && !features.has(label)) features.set(label, value)
      walk(prop(item, 'KenmerkenList'))
    }
  }
  walk(prop(listing, 'features'))
  const offering = str(prop(listing, 'offeringType'))
  return {
    globalId: str(prop(listing, 'globalId')),
    offering:
      offering === null
        ? null
        : /rent|huur/i.test(offering)
          ? 'rent'
          : /sale|koop|buy/i.test(offering)
            ? 'buy'
            : null,
    objectType: str(prop(listing, 'objectType')),
    title: str(prop(address, 'addressTitle')),
    houseNumber: str(prop(address, 'houseNumber')),
    postcode: str(prop(address, 'postcode')),
    city: str(prop(address, 'city')),
    priceText: str(prop(price, 'rentalPrice')) ?? str(prop(price, 'sellingPrice')),
    numericPrice:
      typeof prop(price, 'numericPrice') === 'number' ? (prop(price, 'numericPrice') as number) : null,
    livingArea: str(prop(prop(listing, 'featuresFastView'), 'livingArea')),
    publicationDate: str(prop(listing, 'publicationDate')),
    features,
  }
}

/** The JSON-LD Product, the `h1` address block and the `dt`/`dd` kenmerken: what the page shows without its state. */
function fromMarkup(page: Page): DetailFacts | null {
  const { $ } = page
  const product = readJsonLd($).find((block) => prop(prop(block, 'offers'), 'price') !== undefined)
  const block = $('[postcode][housenumber]').first()
  const title = $('h1 span').first().text().trim() || str(prop(prop(product, 'address'), 'streetAddress'))
  if (!product && !title) return null
  const features = new Map<string, string>()
  $('dt').each((_, dt) => {
    const label = $(dt).text().trim().toLowerCase()
    const value = textOf($(dt).next('dd'))
    if (label && value && !features.has(label)) features.set(label, value)
  })
  const subtitle = splitPostcodeCity($('h1 span').eq(1).text())
  return {
    globalId: $('h1[data-global-id]').attr('data-global-id') ?? null,
    offering: null,
    objectType: null,
    title,
    houseNumber: block.attr('housenumber') ?? null,
    postcode: block.attr('postcode') ?? subtitle?.postcode ?? null,
    city: block.attr('city') ?? subtitle?.city ?? str(prop(prop(product, 'address'), 'addressLocality')),
    priceText: features.get('huurprijs') ?? features.get('vraagprijs') ?? null,
    numericPrice:
      typeof prop(prop(product, 'offers'), 'price') === 'number'
        ? Number(prop(prop(product, 'offers'), 'price'))
        : null,
    livingArea: null,
    publicationDate: null,
    features,
  }
}

/** "Pierre van Hauwelaan 54" with house number "54" → street and the number as printed ("76 H" keeps its "H"). */
function splitTitle(
  title: string,
  houseNumber: string | null,
): { street: string; houseNumber: string | null } {
  if (houseNumber) {
    const at = title.search(
      new RegExp(`\\s${houseNumber.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\s|[-/]|$)`),
    )
    if (at > 0) return { street: title.slice(0, at).trim(), houseNumber: title.slice(at).trim() }
  }
  return splitStreetAddress(title)
}

const DWELLING: Readonly<Record<string, DwellingType>> = {
  apartment: 'apartment',
  house: 'house',
  room: 'room',
}

/**
 * A Funda detail page → one listing. Rents are monthly: a yearly rent ("/jr", "per jaar") is divided by 12.
 * Sale prices are taken as asked, whether kosten koper or vrij op naam; "Prijs op aanvraag" keeps no price.
 */
export function parseDetailPage(page: Page): ListingInput {
  const state = readNuxtPayload(page.$, page.url)
  if (state === null) {
    throw new ParseError('No __NUXT_DATA__ on a Funda detail page: layout changed', { url: page.url })
  }
  const facts = fromNuxt(state) ?? fromMarkup(page)
  const fromUrl = readDetailUrl(page.url)
  const type = facts?.offering ?? fromUrl?.type
  if (!facts || !type || !facts.title) {
    throw new ParseError('A Funda detail page without listing data in its state or markup', { url: page.url })
  }
  const f = facts.features
  const shown = parsePrice(facts.priceText ?? f.get('huurprijs') ?? f.get('vraagprijs'))
  const amount = shown.amount ?? (facts.numericPrice || null)
  const price =
    amount !== null && type === 'rent' && shown.period === 'year'
      ? Math.round((amount / 12) * 100) / 100
      : amount
  const address = splitTitle(facts.title, facts.houseNumber)
  const kind = facts.objectType?.toLowerCase() ?? ''
  return {
    sourceListingId: facts.globalId ?? fromUrl?.tinyId ?? '',
    url: page.url,
    type,
    price,
    priceOnRequest: shown.onRequest,
    // The kenmerken as shown ("65 m²", "3 kamers (2 slaapkamers)", "1906-1930"): the kit reads them.
    surfaceArea: facts.livingArea ?? f.get('wonen') ?? f.get('woonoppervlakte'),
    rooms: f.get('aantal kamers'),
    energyLabel: f.get('energielabel'),
    yearBuilt: f.get('bouwjaar') ?? f.get('bouwperiode'),
    dwellingType:
      DWELLING[kind] ??
      (f.has('soort appartement') ? 'apartment' : f.has('soort woonhuis') ? 'house' : kind ? 'other' : null),
    street: address.street || null,
    houseNumber: address.houseNumber,
    postcode: facts.postcode,
    city: facts.city ?? '',
    // The state's date as given; "Aangeboden sinds" may be relative ("6 weken"), which is no date at all.
    listedAt: facts.publicationDate ?? parseListingDate(f.get('aangeboden sinds')),
  }
}
