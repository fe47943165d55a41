import {
  CITY_PLACEHOLDER,
  defineListingSource,
  type ListingInput,
  listRequests,
  type Page,
  ParseError,
  parsePrice,
  readJsonLd,
  resolveUrl,
} from '../../src/kit/index.js'

// TODO: the site's origin; every URL the adapter yields must be on this host (or in `hosts`).
const ORIGIN = 'https://www.example.com'

// TODO: the site's search page, asked once per city (`{city}` becomes its slug); a `buy` URL if it sells homes.
const LISTS = { rent: `${ORIGIN}/huren/${CITY_PLACEHOLDER}` }

/** The listing id in a detail URL (TODO: the site's own pattern), or null when the URL is not a detail page. */
const idFromUrl = (url: string): string | null =>
  /\/listing\/([\w-]+)\/?$/.exec(new URL(url).pathname)?.[1] ?? null

/**
 * A search page → detail requests and the next page (TODO: the site's card and pagination selectors). When the
 * card shows facts of the listing (price, area, status), give each request `card: cardOf({ price, area, status })`
 * from the kit, so that the incremental crawl reads the detail page again only when those facts change.
 */
function parseListPage(page: Page) {
  const { $ } = page
  const urls = $('a.listing-card')
    .map((_, a) => resolveUrl($(a).attr('href'), page.url))
    .get()
    .filter((url): url is string => url !== undefined && idFromUrl(url) !== null)
  const next = resolveUrl($('a[rel="next"]').attr('href'), page.url)
  return {
    detailRequests: urls.map((url) => ({ url, label: 'detail' as const })),
    nextRequest: next ? { url: next, label: 'list' as const } : undefined,
    noResults: $('.no-results').length > 0,
  }
}

/** A detail page → one listing (TODO: the site's selectors). Throws `ParseError` when the layout changed. */
function parseDetailPage(page: Page): ListingInput {
  const { $ } = page
  const id = idFromUrl(page.url)
  const title = $('h1').first().text().trim()
  if (!id || !title)
    throw new ParseError('No listing id or title: not a detail page, or the layout changed', {
      url: page.url,
    })
  const field = (label: string) => $(`dt:contains("${label}")`).next('dd').text().trim()
  const jsonLd = readJsonLd($)[0] as
    | { address?: { postalCode?: string; addressLocality?: string } }
    | undefined
  const price = parsePrice(field('Huurprijs') || field('Vraagprijs'))
  return {
    sourceListingId: id,
    url: page.url,
    type: field('Vraagprijs') ? 'buy' : 'rent',
    price: price.amount,
    priceOnRequest: price.onRequest,
    // Texts as shown ("65 m²", "3 kamers", "Niet beschikbaar"): the kit reads them, and rejects one it cannot read.
    surfaceArea: field('Woonoppervlakte'),
    rooms: field('Aantal kamers'),
    energyLabel: field('Energielabel'),
    yearBuilt: field('Bouwjaar'),
    street: title,
    postcode: jsonLd?.address?.postalCode ?? null,
    city: jsonLd?.address?.addressLocality ?? '',
  }
}

/** Template Source (TODO: what the site is, and see README.md for terms and politeness). */
export default defineListingSource({
  kind: 'crawl',
  id: 'template-source',
  name: 'Template Source',
  homepage: `${ORIGIN}/`,
  // TODO: 'browser' only when the listing data is rendered by JavaScript or the site is bot-walled.
  render: 'http',
  // TODO: say why in README.md; the contract allows at most 4 at once and at least 500 ms per request.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'unknown',
  // What the parser was checked against (docs/evidence.md): the first list page `npm run save-fixture` saves is
  // written here; a page copied from elsewhere names repository, path and commit instead of url.
  evidence: {
    kind: 'recorded',
    fixture: 'list-TODO.html',
    url: `${ORIGIN}/`,
    recorded: 'YYYY-MM-DD',
    licence: "the site's content",
  },
  startRequests: (scope) => listRequests(LISTS, ['rent'], scope),
  parseListPage,
  parseDetailPage,
})
