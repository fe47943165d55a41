import {
  cardOf,
  type ListingInput,
  type ListPageResult,
  type Page,
  ParseError,
  type SourceRequest,
} from '../../../src/kit/index.js'

/** Feature labels of an OGonline listing page (`dl` rows) → the listing field each fills. */
const FEATURES: Readonly<Record<string, 'yearBuilt' | 'energyLabel' | 'surfaceArea' | 'rooms'>> = {
  bouwjaar: 'yearBuilt',
  energielabel: 'energyLabel',
  energieklasse: 'energyLabel',
  woonoppervlakte: 'surfaceArea',
  'aantal kamers': 'rooms',
  kamers: 'rooms',
}

/**
 * The request for a listing's own page. It carries the listing the JSON gave, because the page alone has no price,
 * and its facts are the card, so the incremental crawl reads the page again only when the entry changed.
 */
function detailRequest(listing: ListingInput): SourceRequest {
  return { url: listing.url, label: 'detail', card: cardOf(listing), userData: { listing } }
}

/**
 * The listings of the JSON → a request for each one's page. A home offered for rent and for sale has one page for
 * two listings, and the crawl reads each URL once, so its listings are yielded as the JSON gave them.
 */
export function pageRequests(
  listings: readonly ListingInput[],
): Required<Pick<ListPageResult, 'listings' | 'detailRequests'>> {
  const perUrl = new Map<string, number>()
  for (const { url } of listings) perUrl.set(url, (perUrl.get(url) ?? 0) + 1)
  const shared = (listing: ListingInput) => perUrl.get(listing.url)! > 1
  return {
    listings: listings.filter(shared),
    detailRequests: listings.filter((listing) => !shared(listing)).map(detailRequest),
  }
}

/**
 * A listing page → the listing its JSON entry gave, with what the page's feature list adds where the entry had no
 * value. The entry's own values stand: both come from the same agent's system. A page without a feature list has
 * a layout this preset does not know.
 */
export function readDetailPage(page: Page): ListingInput {
  const listing = page.request.userData?.['listing']
  if (typeof listing !== 'object' || listing === null) {
    throw new ParseError('An OGonline listing page is read with its JSON entry, and this request has none', {
      url: page.url,
    })
  }
  const $ = page.$
  const rows = $('dl dt')
  if (rows.length === 0)
    throw new ParseError('No feature list (dl) on the OGonline listing page', { url: page.url })
  const merged: Record<string, unknown> = { ...listing }
  rows.each((_, dt) => {
    const field = FEATURES[$(dt).text().trim().toLowerCase()]
    const value = $(dt).next('dd').text().replace(/\s+/g, ' ').trim()
    if (field !== undefined && value !== '' && (merged[field] ?? null) === null) merged[field] = value
  })
  return merged as ListingInput
}
