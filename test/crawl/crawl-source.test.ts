import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type CrawlOptions, crawlSource } from '../../src/crawl/crawl-source.js'
import type { Fetcher } from '../../src/fetch/index.js'
import type { ListingSource } from '../../src/kit/adapter.js'
import type { Listing } from '../../src/kit/listing.js'
import { useHarness } from '../fetch/harness.js'
import { INTERSTITIALS } from '../fetch/interstitials.js'
import { useTempDir } from '../helpers/temp-dir.js'
import {
  detailPage,
  HTML_HOMES,
  htmlHomesSource,
  htmlSiteRoutes,
  JSON_HOMES,
  jsonHomesSource,
  jsonSiteRoutes,
  listPage,
} from './test-sources.js'

const h = useHarness()
const dir = useTempDir()
let runs = 0

/** Crawls `source` into arrays; every crawl gets a `failed/` folder of its own. */
async function crawl(source: ListingSource, fetcher: Fetcher, extra: Partial<CrawlOptions> = {}) {
  const listings: Listing[] = []
  const failedDir = join(dir, `failed-${++runs}`)
  const outcome = await crawlSource(source, {
    fetcher,
    scope: { cities: ['Utrecht'], types: ['rent'] },
    failedDir,
    onListing: (l) => listings.push(l),
    onReject: () => {},
    ...extra,
  })
  const saved = (() => {
    try {
      return readdirSync(join(failedDir, source.id)).sort()
    } catch {
      return []
    }
  })()
  return { outcome, listings, failedDir: join(failedDir, source.id), saved }
}

describe('crawlSource', () => {
  it('asks for no detail page once the night budget is spent, and still reads its search to the last list page', async () => {
    const site = await h.site(htmlSiteRoutes(HTML_HOMES))
    const { outcome, listings } = await crawl(htmlHomesSource('html', site.origin), h.fetcher().fetcher, {
      nightBudget: 2,
    })
    // The first list page, then one of its three detail pages; the second list page is still read.
    expect(outcome.requests).toMatchObject({ list: 2, detailNew: 1 })
    expect(outcome).toMatchObject({ status: 'ok', budgetCut: true, searchesComplete: 1 })
    expect(listings).toHaveLength(1)
  })
  it('crawls list pages, follows "next", fetches details and validates every listing', async () => {
    const site = await h.site(htmlSiteRoutes(HTML_HOMES))
    const { outcome, listings } = await crawl(htmlHomesSource('html', site.origin), h.fetcher().fetcher)
    expect(outcome).toMatchObject({
      status: 'ok',
      pages: 5,
      listings: 3,
      errors: 0,
      complete: true,
      message: null,
    })
    expect(listings.map((l) => [l.sourceListingId, l.price, l.postcode]).sort()).toEqual(
      HTML_HOMES.map((h) => [h.id, h.price, h.postcode]),
    )
  })

  it('takes listings inline from a JSON search response', async () => {
    const site = await h.site(jsonSiteRoutes(JSON_HOMES))
    const { outcome, listings } = await crawl(jsonHomesSource('json', site.origin), h.fetcher().fetcher)
    expect(outcome).toMatchObject({ status: 'ok', pages: 1, listings: 2 })
    expect(listings[0]).toMatchObject({ sourceListingId: 'b1', city: 'Groningen', price: 995 })
  })

  it('stops the source at an interstitial served with 200: it ends blocked and fetches nothing more', async () => {
    const site = await h.site({ ...htmlSiteRoutes(HTML_HOMES), '/homes/a1': { body: INTERSTITIALS.funda } })
    const single = { concurrency: 1, intervalCap: Number.POSITIVE_INFINITY, interval: 0 }
    const source = htmlHomesSource('html', site.origin, { politeness: single })

    const { outcome, listings } = await crawl(source, h.fetcher().fetcher)

    expect(outcome.status).toBe('blocked')
    expect(outcome.message).toBe(`Blocked by funda-akamai-interstitial at ${site.url('/homes/a1')}`)
    // a2 and page 2 were already queued in the fetcher when a1 came back blocked: they were dropped, not sent.
    expect([site.hits('/homes/a2'), site.hits('/homes?page=2')]).toEqual([0, 0])
    expect([listings.length, outcome.errors]).toEqual([0, 0])
  })

  it("honours the adapter's own block check", async () => {
    const site = await h.site(htmlSiteRoutes(HTML_HOMES))
    const source = htmlHomesSource('html', site.origin, {
      detectBlock: (page) => (page.url.endsWith('/homes/a1') ? 'site-specific wall' : null),
    })
    const { outcome } = await crawl(source, h.fetcher().fetcher)
    expect(outcome).toMatchObject({
      status: 'blocked',
      message: expect.stringMatching(/^Blocked by site-specific wall/),
    })
  })

  it('waits out a 429 with Retry-After: 2 and counts no failure', async () => {
    const site = await h.site({
      ...htmlSiteRoutes(HTML_HOMES),
      '/homes/a2': (_q, _r, hit) =>
        hit === 1
          ? { status: 429, headers: { 'retry-after': '2' }, body: 'slow down' }
          : { body: detailPage(HTML_HOMES[1]!) },
    })
    const { fetcher, sleeps } = h.fetcher()
    const { outcome } = await crawl(htmlHomesSource('html', site.origin), fetcher)
    expect(outcome).toMatchObject({ status: 'ok', listings: 3, errors: 0, pagesFailed: 0, message: null })
    expect(sleeps.some((ms) => ms > 1_900 && ms <= 2_000)).toBe(true)
  })

  it('fails a source whose full list page yields no listings, and keeps that page under failed/', async () => {
    const redesigned = listPage([]).replace('<main>', '<main><div class="card-v2">Oudegracht 12</div>')
    const site = await h.site({ ...htmlSiteRoutes(HTML_HOMES), '/homes': { body: redesigned } })

    const { outcome, listings, failedDir, saved } = await crawl(
      htmlHomesSource('html', site.origin),
      h.fetcher().fetcher,
      { runId: 42 },
    )

    expect(outcome).toMatchObject({ status: 'failed', layoutChanged: true, listings: 0, complete: false })
    expect(outcome.message).toBe(
      `Layout changed? A full list page yielded no listings at ${site.url('/homes')}`,
    )
    expect(listings).toEqual([])
    expect(saved).toHaveLength(2)
    // Both files say which run fetched the page: in their name, and in the sidecar with the URL and the reason.
    expect(saved.every((f) => f.startsWith('run-000042-'))).toBe(true)
    const html = saved.find((f) => f.endsWith('.html'))!
    expect(readFileSync(join(failedDir, html), 'utf8')).toContain('card-v2')
    const why = JSON.parse(readFileSync(join(failedDir, html.replace('.html', '.json')), 'utf8'))
    expect(why).toMatchObject({
      runId: 42,
      url: site.url('/homes'),
      reason: 'A full list page yielded no listings',
    })
  })

  it('treats detail pages that all fail to parse as a layout change, not an empty success', async () => {
    const noPrice = (id: string) => ({ body: `<h1 class="street">Straat 1</h1><p>${id}</p>` })
    const site = await h.site({
      ...htmlSiteRoutes(HTML_HOMES),
      '/homes/a1': noPrice('a1'),
      '/homes/a2': noPrice('a2'),
      '/homes/a3': noPrice('a3'),
    })
    const { outcome, saved } = await crawl(htmlHomesSource('html', site.origin), h.fetcher().fetcher)
    expect(outcome).toMatchObject({ status: 'failed', layoutChanged: true, listings: 0, errors: 3 })
    expect(outcome.message).toMatch(
      /^Layout changed\? 3 of 3 pages failed to parse; last: price element missing/,
    )
    expect(saved.filter((f) => f.endsWith('.html'))).toHaveLength(3)
  })

  it('keeps one broken detail page (even one the adapter crashes on) and publishes the rest', async () => {
    const site = await h.site({
      ...htmlSiteRoutes(HTML_HOMES),
      '/homes/a3': { body: '<h1 class="street">X 1</h1>' },
    })
    const source = htmlHomesSource('html', site.origin)
    const crashing = htmlHomesSource('html', site.origin, {
      parseDetailPage: (page) => {
        if (page.url.endsWith('a3'))
          throw new TypeError("Cannot read properties of undefined (reading 'text')")
        return source.parseDetailPage!(page)
      },
    })
    for (const adapter of [source, crashing]) {
      const { outcome, saved } = await crawl(adapter, h.fetcher().fetcher)
      expect(outcome).toMatchObject({ status: 'ok', listings: 2, errors: 1, layoutChanged: false })
      expect(saved).toHaveLength(2)
    }
    const { outcome } = await crawl(crashing, h.fetcher().fetcher)
    expect(outcome.message).toContain(
      "The adapter threw: TypeError: Cannot read properties of undefined (reading 'text')",
    )
  })

  it('never fetches what robots.txt disallows; a disallowed start page fails the source and says why', async () => {
    const robots = (rules: string) => ({
      headers: { 'content-type': 'text/plain' },
      body: `User-agent: *\n${rules}\n`,
    })
    const partly = await h.site({
      ...htmlSiteRoutes(HTML_HOMES),
      '/robots.txt': robots('Disallow: /homes/a2'),
    })
    const first = await crawl(htmlHomesSource('html', partly.origin), h.fetcher().fetcher)
    expect(first.outcome).toMatchObject({ status: 'ok', listings: 2, errors: 1 })
    expect(partly.hits('/homes/a2')).toBe(0)

    const closed = await h.site({ ...htmlSiteRoutes(HTML_HOMES), '/robots.txt': robots('Disallow: /homes') })
    const second = await crawl(htmlHomesSource('html', closed.origin), h.fetcher().fetcher)
    expect(second.outcome.status).toBe('failed')
    expect(second.outcome.message).toBe(
      `robots.txt refused every start page: Not fetched, robots.txt disallows it: ${closed.url('/homes')} at ${closed.url('/homes')}`,
    )
    expect(closed.requests.map((r) => r.path)).toEqual(['/robots.txt'])
  })

  it('is not complete when a limit cut it short, so it withdraws nothing', async () => {
    const site = await h.site(htmlSiteRoutes(HTML_HOMES))
    const { outcome } = await crawl(htmlHomesSource('html', site.origin), h.fetcher().fetcher, {
      maxListings: 1,
    })
    expect(outcome).toMatchObject({ status: 'ok', listings: 1, complete: false })
  })

  it('skips a browser source when the run has no browser, with a clear message and nothing sent', async () => {
    const site = await h.site(htmlSiteRoutes(HTML_HOMES))
    const source = htmlHomesSource('html', site.origin, { render: 'browser' })
    const { outcome } = await crawl(source, h.fetcher().fetcher)
    expect(outcome).toMatchObject({
      status: 'skipped',
      message: 'Needs a browser: This run has no browser for browser sources',
    })
    expect(site.requests).toEqual([])
  })

  it('ends stopped when the run is aborted', async () => {
    const site = await h.site({ ...htmlSiteRoutes(HTML_HOMES), '/homes/a1': () => undefined })
    const run = new AbortController()
    const pending = crawl(htmlHomesSource('html', site.origin), h.fetcher({ signal: run.signal }).fetcher, {
      signal: run.signal,
    })
    await expect.poll(() => site.hits('/homes/a1'), { timeout: 10_000 }).toBe(1)
    run.abort()
    const { outcome } = await pending
    expect(outcome.status).toBe('stopped')
  })
})
