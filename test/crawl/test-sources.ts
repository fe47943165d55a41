import {
  defineListingSource,
  type ListingInput,
  type ListingSource,
  type Page,
  ParseError,
  parseArea,
  parseEuro,
  resolveUrl,
} from '../../src/kit/index.js'
import type { Route } from '../fetch/local-site.js'

/** One home a test site offers. */
export interface TestHome {
  readonly id: string
  readonly street: string
  readonly number: string
  readonly postcode: string
  readonly city: string
  readonly price: number
  readonly area: number
}

/** Homes for the HTML test site. */
export const HTML_HOMES: readonly TestHome[] = [
  {
    id: 'a1',
    street: 'Oudegracht',
    number: '12',
    postcode: '3511 AL',
    city: 'Utrecht',
    price: 1450,
    area: 55,
  },
  {
    id: 'a2',
    street: 'Biltstraat',
    number: '101',
    postcode: '3572 AP',
    city: 'Utrecht',
    price: 1725,
    area: 70,
  },
  {
    id: 'a3',
    street: 'Twijnstraat',
    number: '8',
    postcode: '3511 ZH',
    city: 'Utrecht',
    price: 1300,
    area: 42,
  },
]

/** Homes for the JSON test site: other homes, so each source has listings of its own. */
export const JSON_HOMES: readonly TestHome[] = [
  { id: 'b1', street: 'Vismarkt', number: '3', postcode: '9712 CA', city: 'Groningen', price: 995, area: 38 },
  {
    id: 'b2',
    street: 'Zuiderdiep',
    number: '44',
    postcode: '9711 HG',
    city: 'Groningen',
    price: 1250,
    area: 61,
  },
]

const POLITENESS = { concurrency: 2, intervalCap: Number.POSITIVE_INFINITY, interval: 0 }
const formatEuro = (n: number) => `€ ${n.toLocaleString('nl-NL')} per maand`

const card = (home: TestHome) =>
  `<article class="home"><a class="home__link" href="/homes/${home.id}">${home.street} ${home.number}</a></article>`

/** A search-result page in the HTML site's markup: cards and a rel=next link. */
export function listPage(homes: readonly TestHome[], next?: string): string {
  const nextLink = next ? `<a rel="next" href="${next}">Volgende</a>` : ''
  return `<!doctype html><html><head><title>Huurwoningen</title></head><body>
    <main>${homes.map(card).join('\n')}</main>${nextLink}</body></html>`
}

/** The same search page with its cards put there by JavaScript: only a browser sees them. */
export function renderedListPage(homes: readonly TestHome[]): string {
  return `<!doctype html><html><head><title>Huurwoningen</title></head><body>
    <main id="app"><p>Laden…</p></main><img src="/pixel.png" alt=""><p id="ua"></p>
    <script>
      const homes = ${JSON.stringify(homes)};
      setTimeout(() => {
        document.getElementById('app').innerHTML = homes
          .map((h) => '<article class="home"><a class="home__link" href="/homes/' + h.id + '">' + h.street + '</a></article>')
          .join('');
        document.getElementById('ua').textContent = navigator.userAgent;
      }, 50);
    </script></body></html>`
}

/** A detail page in the HTML site's markup. */
export function detailPage(home: TestHome): string {
  return `<!doctype html><html><head><title>${home.street} ${home.number}</title></head><body>
    <h1 class="street">${home.street} ${home.number}</h1>
    <span class="postcode">${home.postcode}</span> <span class="city">${home.city}</span>
    <div class="price">${formatEuro(home.price)}</div><div class="area">${home.area} m²</div></body></html>`
}

/** Routes of the HTML site: `/homes` (two homes a page, then `/homes?page=2`…) and `/homes/<id>`. */
export function htmlSiteRoutes(homes: readonly TestHome[], perPage = 2): Record<string, Route> {
  const routes: Record<string, Route> = {}
  const pages = Math.max(1, Math.ceil(homes.length / perPage))
  for (let p = 1; p <= pages; p++) {
    const path = p === 1 ? '/homes' : `/homes?page=${p}`
    const next = p < pages ? `/homes?page=${p + 1}` : undefined
    routes[path] = { body: listPage(homes.slice((p - 1) * perPage, p * perPage), next) }
  }
  for (const home of homes) routes[`/homes/${home.id}`] = { body: detailPage(home) }
  return routes
}

/** Routes of the JSON site: one search endpoint with every listing inline. */
export function jsonSiteRoutes(homes: readonly TestHome[]): Record<string, Route> {
  return {
    '/api/homes': { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ homes }) },
  }
}

function readDetail(page: Page): ListingInput {
  const { $ } = page
  const price = $('.price').text()
  if (!price) throw new ParseError('price element missing', { url: page.url })
  const [street, number] = /^(.*?)\s+(\S+)$/.exec($('h1.street').text().trim())?.slice(1) ?? []
  return {
    sourceListingId: page.url.split('/').pop()!,
    url: page.url,
    type: 'rent',
    price: parseEuro(price),
    surfaceArea: parseArea($('.area').text()),
    street: street ?? null,
    houseNumber: number ?? null,
    postcode: $('.postcode').text(),
    city: $('.city').text(),
  }
}

/** A listing source over the HTML site at `origin`: list pages with cards, then detail pages. */
export function htmlHomesSource(
  id: string,
  origin: string,
  overrides: Partial<ListingSource> = {},
): ListingSource {
  return defineListingSource({
    kind: 'crawl',
    id,
    name: `Test HTML site ${id}`,
    homepage: `${origin}/`,
    render: 'http',
    politeness: POLITENESS,
    offers: ['rent'],
    terms: 'allows',
    evidence: { kind: 'none', why: 'A test site on 127.0.0.1.' },
    startRequests: () => [{ url: `${origin}/homes`, label: 'list' }],
    parseListPage: (page) => ({
      detailRequests: page
        .$('article.home a.home__link')
        .map((_, a) => resolveUrl(page.$(a).attr('href'), page.url))
        .get()
        .filter((url): url is string => typeof url === 'string')
        .map((url) => ({ url, label: 'detail' as const })),
      nextRequest: ((next) => (next ? { url: next, label: 'list' as const } : undefined))(
        resolveUrl(page.$('a[rel=next]').attr('href'), page.url),
      ),
    }),
    parseDetailPage: readDetail,
    ...overrides,
  })
}

/** A listing source over the JSON site at `origin`: every listing inline on one search response. */
export function jsonHomesSource(id: string, origin: string): ListingSource {
  return defineListingSource({
    kind: 'crawl',
    id,
    name: `Test JSON site ${id}`,
    homepage: `${origin}/`,
    render: 'http',
    politeness: POLITENESS,
    offers: ['rent'],
    terms: 'allows',
    evidence: { kind: 'none', why: 'A test site on 127.0.0.1.' },
    startRequests: () => [{ url: `${origin}/api/homes`, label: 'list' }],
    parseListPage: (page) => ({
      listings: page.json<{ homes: TestHome[] }>().homes.map((h) => ({
        sourceListingId: h.id,
        url: `${origin}/homes/${h.id}`,
        type: 'rent' as const,
        price: h.price,
        surfaceArea: h.area,
        street: h.street,
        houseNumber: h.number,
        postcode: h.postcode,
        city: h.city,
      })),
    }),
  })
}
