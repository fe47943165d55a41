import type { CheerioAPI } from 'cheerio'
import {
  type AnyNode,
  dwellingFromWord,
  isLetOrSold,
  type ListingInput,
  type OfferType,
  parsePrice,
  resolveUrl,
  splitStreetAddress,
  textOf,
} from '../../../src/kit/index.js'

/** A detail URL, `/aanbod/woningaanbod/{city}/{huur|koop}/{kind}-{object id}-{street}-{number}/`. */
const DETAIL_URL = /\/aanbod\/[^/]+\/[^/]+\/(?:huur|koop)\/([a-z]+)-(\d+)-/i
/** The offer segment of a Realworks path, in a detail URL or a search URL. */
const OFFER_SEGMENT = /\/(huur|koop)(?:\/|$)/i

/** The offer type a Realworks path names ("/huur/", "/koop/"), or null. */
export function offerInPath(url: string): OfferType | null {
  const segment = OFFER_SEGMENT.exec(url)?.[1]?.toLowerCase()
  return segment === 'huur' ? 'rent' : segment === 'koop' ? 'buy' : null
}

/**
 * One search card (`.aanbodEntry`) → its listing; null when its status banner says the home is let or sold. The
 * card carries the whole listing the schema has: link, address, and the kenmerken (price, area, rooms, kind).
 * A card missing a part becomes a listing that fails validation and says which part.
 */
export function cardListing(
  $: CheerioAPI,
  card: AnyNode,
  base: string,
  fallbackType: OfferType,
): ListingInput | null {
  const $card = $(card)
  if (isLetOrSold(textOf($card.find('.objectstatusbanner')))) return null
  const kenmerk = (name: string) => textOf($card.find(`.kenmerk.${name} .kenmerkValue`)) || null
  const url = resolveUrl($card.find('a.aanbodEntryLink').first().attr('href'), base) ?? ''
  const detail = DETAIL_URL.exec(url)
  const type = offerInPath(url) ?? fallbackType
  const price = parsePrice(kenmerk(type === 'rent' ? 'huurprijs' : 'koopprijs'))
  const { street, houseNumber } = splitStreetAddress(textOf($card.find('.street-address')))
  return {
    sourceListingId: detail?.[2] ?? '',
    url,
    type,
    price: price.amount,
    priceOnRequest: price.onRequest,
    surfaceArea: kenmerk('woonoppervlakte'),
    rooms: kenmerk('aantalkamers'),
    dwellingType: dwellingFromWord(kenmerk('soortobject') ?? detail?.[1] ?? ''),
    street: street || null,
    houseNumber,
    postcode: textOf($card.find('.postal-code')) || null,
    city: textOf($card.find('.locality')),
  }
}
