/**
 * `npm run demo-site`: a tiny listing site on http://127.0.0.1:8790 (PORT to change it) to practise "add a source"
 * on without touching anyone's real site. Its pages use the markup `sources/_template/adapter.ts` reads as it comes
 * (`a.listing-card`, `a[rel=next]`, `dt`/`dd` rows, JSON-LD) and the example options of the `html-cards` preset
 * (`li.listing` cards with a `.postcode`, a `.city`, a `.price` and an `.area`), and real Amsterdam addresses that
 * the bundled sample's BAG extract knows, so the listings of either resolve in the database `npm start` fills: a
 * card carries the postcode and house number resolving needs, as the detail page does.
 */
import { createServer } from 'node:http'

/** Real addresses and figures from the Amsterdam 2021 dataset (data/evaldata/amsterdam-aug-2021). */
const HOMES = [
  {
    id: 'demo-1',
    street: 'Blasiusstraat 8-2',
    postcode: '1091 CR',
    rent: 1_850,
    area: 64,
    rooms: 3,
    label: 'C',
    year: 1905,
  },
  {
    id: 'demo-2',
    street: 'Kromme Leimuidenstraat 13-H',
    postcode: '1059 EL',
    rent: 1_650,
    area: 60,
    rooms: 3,
    label: 'D',
    year: 1928,
  },
  {
    id: 'demo-3',
    street: 'De Wittenkade 134-1',
    postcode: '1051 AM',
    rent: 1_425,
    area: 44,
    rooms: 2,
    label: 'B',
    year: 1912,
  },
  {
    id: 'demo-4',
    street: 'Da Costakade 32-2',
    postcode: '1053 WL',
    rent: 2_100,
    area: 77,
    rooms: 3,
    label: 'E',
    year: 1893,
  },
  {
    id: 'demo-5',
    street: 'Postjeskade 41-2',
    postcode: '1058 DG',
    rent: 1_700,
    area: 65,
    rooms: 3,
    label: 'C',
    year: 1935,
  },
]
const PER_PAGE = 3

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html lang="nl"><head><meta charset="utf-8"><title>${title} - Demo Woningen</title></head><body>${body}</body></html>\n`

function searchPage(city: string, n: number): string {
  if (city !== 'amsterdam')
    return page('Geen resultaten', '<h1>Huurwoningen</h1><p class="no-results">Geen woningen gevonden.</p>')
  const homes = HOMES.slice((n - 1) * PER_PAGE, n * PER_PAGE)
  const cards = homes
    .map(
      (h) =>
        `<li class="listing"><a class="listing-card" href="/listing/${h.id}">${h.street}</a> <span class="postcode">${h.postcode}</span> <span class="city">Amsterdam</span> <span class="price">€ ${h.rent.toLocaleString('nl-NL')} per maand</span> <span class="area">${h.area} m²</span></li>`,
    )
    .join('\n')
  const next =
    n * PER_PAGE < HOMES.length ? `<a rel="next" href="/huren/amsterdam?page=${n + 1}">Volgende</a>` : ''
  return page(
    `Huurwoningen Amsterdam, pagina ${n}`,
    `<h1>Huurwoningen in Amsterdam</h1><ul>${cards}</ul>${next}`,
  )
}

function detailPage(id: string): string | null {
  const h = HOMES.find((home) => home.id === id)
  if (!h) return null
  const row = (term: string, value: string) => `<dt>${term}</dt><dd>${value}</dd>`
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Apartment',
    address: { postalCode: h.postcode, addressLocality: 'Amsterdam' },
  }
  return page(
    h.street,
    `<h1>${h.street}</h1><dl>${row('Huurprijs', `€ ${h.rent.toLocaleString('nl-NL')} per maand`)}${row('Woonoppervlakte', `${h.area} m²`)}${row('Aantal kamers', `${h.rooms} kamers`)}${row('Energielabel', h.label)}${row('Bouwjaar', String(h.year))}</dl>` +
      `<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>`,
  )
}

const port = Number(process.env.PORT ?? 8790)
createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const search = /^\/huren\/([a-z-]+)$/.exec(url.pathname)
  const detail = /^\/listing\/([\w-]+)$/.exec(url.pathname)
  const html = (status: number, body: string) =>
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body)
  if (url.pathname === '/robots.txt')
    return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n')
  if (search) return html(200, searchPage(search[1]!, Number(url.searchParams.get('page') ?? 1)))
  const body = detail ? detailPage(detail[1]!) : null
  return body ? html(200, body) : html(404, page('Niet gevonden', '<h1>Niet gevonden</h1>'))
}).listen(port, '127.0.0.1', () =>
  process.stdout.write(`Demo listing site on http://127.0.0.1:${port}/huren/amsterdam (Ctrl-C stops it)\n`),
)
