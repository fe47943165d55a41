import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { defineListingSource, type ListingInput, type ListingSource } from '../../src/kit/index.js'

/** A listing site on 127.0.0.1 whose offer the test changes between runs; it can also be made to block or break. */
export interface ListingSite {
  readonly source: ListingSource
  readonly url: string
  /** What the site lists now. */
  listings: Omit<ListingInput, 'url'>[]
  /** 'ok' serves the listings; 'blocked' a challenge page with status 200; 'down' 503s; 'changed' an empty page. */
  mode: 'ok' | 'blocked' | 'down' | 'changed'
  close(): Promise<void>
}

/**
 * Starts a site serving `GET /search.json` (`{ listings: [...] }`) and builds a JSON adapter for it with id `id`:
 * the real fetch, crawl, validation and publish paths run against it.
 */
export async function startListingSite(id: string): Promise<ListingSite> {
  let base = ''
  const site: ListingSite = {
    source: undefined as unknown as ListingSource,
    url: '',
    listings: [],
    mode: 'ok',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  const server: Server = createServer((req, res) => {
    if (req.url === '/robots.txt') return res.writeHead(404).end()
    if (site.mode === 'down') return res.writeHead(503, { 'retry-after': '0' }).end('down')
    if (site.mode === 'blocked') {
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<title>Just a moment...</title><p>Checking your browser</p>')
    }
    const listings =
      site.mode === 'changed'
        ? []
        : site.listings.map((l) => ({ ...l, url: `${base}/listing/${l.sourceListingId}` }))
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ listings }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  Object.assign(site, {
    url: base,
    source: defineListingSource({
      kind: 'crawl',
      id,
      name: id,
      homepage: `${base}/`,
      render: 'http',
      politeness: { concurrency: 1, intervalCap: 100, interval: 1_000 },
      offers: ['rent', 'buy'],
      terms: 'allows',
      evidence: { kind: 'none', why: 'A test site on 127.0.0.1.' },
      startRequests: () => [{ url: `${base}/search.json`, label: 'list' }],
      parseListPage: (page) => ({ listings: page.json<{ listings: ListingInput[] }>().listings }),
    }),
  })
  return site
}
