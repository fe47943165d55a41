import { defineListingSource, type Page, siteCoversScope } from '../../src/kit/index.js'
import { ENDPOINT, productsRequest } from './products-query.js'
import { parseProductsResponse } from './products-response.js'

/** Cloudflare's interactive Turnstile, which a person must tick: the residences page shows it to every robot. */
const TURNSTILE = /name="cf-turnstile-response"|challenges\.cloudflare\.com\/turnstile/

/**
 * Holland2Stay (holland2stay.com): furnished studios and flats for students and young professionals in many Dutch
 * cities, from the GraphQL API its residences page queries. Listings come inline, 30 a page. See README.md.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'holland2stay',
  name: 'Holland2Stay',
  homepage: 'https://www.holland2stay.com/',
  hosts: [new URL(ENDPOINT).host],
  render: 'http',
  // A big landlord behind Cloudflare: one request at a time, slower than a small site, so the crawl stays a visitor's pace.
  politeness: { concurrency: 1, intervalCap: 1, interval: 4_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'none',
    why: "list-residences.json is synthetic: the site's answer sits behind a Cloudflare Turnstile and was never recorded. The file, from danieltyukov/nl-property-finder, follows the GetCategories query as others published it, with invented option ids and values; only the block page (blocked-turnstile.html) is recorded.",
  },
  startRequests: (scope) => (siteCoversScope({ offers: ['rent'] }, scope) ? [productsRequest(1)] : []),
  parseListPage: parseProductsResponse,
  detectBlock: (page: Page) => (TURNSTILE.test(page.body.slice(0, 50_000)) ? 'cloudflare-turnstile' : null),
})
