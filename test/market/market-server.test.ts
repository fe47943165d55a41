import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPage, ParseError } from '../../src/kit/index.js'
import { changedLayout } from '../../testkit/market/market-pages.js'
import { type MarketServer, startMarketServer } from '../../testkit/market/market-server.js'
import { MARKET_SITE_SPECS } from '../../testkit/market/market-sites.js'
import { type Market, type MarketSite, WHOLE_OFFER_SITES } from '../../testkit/market/market-state.js'
import { nightCost } from '../../testkit/market/night-cost.js'
import { requestsOf } from '../../testkit/market/request-counts.js'
import { sampleMarket } from '../../testkit/market/sample-market.js'
import { listingSource } from '../../testkit/sample/preset-sites.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
let market: Market
let server: MarketServer

beforeAll(async () => {
  market = await sampleMarket(dir, 800, { seed: 3 })
  server = await startMarketServer(market)
}, 60_000)
afterAll(() => server?.close())

/** GETs a site's page from the market by its site URL path, with `headers`. */
const get = (site: MarketSite, path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.origins[site]}${path}`, { headers })

/** The path (and query) of a site URL. */
const pathOf = (url: string) => {
  const u = new URL(url)
  return `${u.pathname}${u.search}`
}

const firstCity = () =>
  market.cities.find((c) => market.listed('pararius').some((o) => o.offer.home.city === c.name))!

describe('the market server', () => {
  it('serves robots.txt, list pages and detail pages in the sites’ formats, with ETag and Last-Modified', async () => {
    const robots = await get('funda', '/robots.txt')
    expect([robots.status, await robots.text()]).toEqual([200, expect.stringContaining('Disallow: /mijn/')])
    const list = await get('pararius', `/apartments/${firstCity().slug}`)
    expect(list.status).toBe(200)
    expect(await list.text()).toContain('listing-search-item')
    expect(list.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/)
    expect(list.headers.get('last-modified')).toBe(new Date(market.now).toUTCString())
    const offer = market.listed('funda')[0]!
    const detail = await get('funda', pathOf(offer.offer.funda!.url))
    expect(detail.status).toBe(200)
    expect(await detail.text()).toContain('__NUXT_DATA__')
    expect(detail.headers.get('etag')).toBe(`"${offer.siteId}-${offer.detail.version}"`)
  })

  it('answers Kamernet’s JSON search POST page by page', async () => {
    const offer = market.listed('kamernet')[0]!
    const city = market.cities.find((c) => c.name === offer.offer.home.city)!
    const response = await fetch(`${server.origins.kamernet}/services/api/listing/findlistings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ citySlug: city.slug, pageNo: 1 }),
    })
    const body = (await response.json()) as { total: number; listings: unknown[] }
    expect(body.total).toBe(market.listed('kamernet').filter((o) => o.offer.home.city === city.name).length)
    expect(body.listings.length).toBeGreaterThan(0)
  })

  it('serves each whole-offer site’s offer as the one JSON its real source asks for and reads', async () => {
    for (const site of WHOLE_OFFER_SITES) {
      const source = listingSource(site)
      const [request] = source.startRequests({ cities: market.cities.map((c) => c.name), types: ['rent'] })
      const url = request!.url
      const response = await get(site, pathOf(url))
      expect(response.status, site).toBe(200)
      const read = (body: string) => source.parseListPage(createPage(request!, url, 200, body))
      const body = await response.text()
      expect(
        read(body)
          .listings?.map((l) => l.sourceListingId)
          .sort(),
        site,
      ).toEqual(
        market
          .listed(site)
          .map((o) => o.siteId)
          .sort(),
      )
      expect(() => read(changedLayout(site, body)), site).toThrow(ParseError)
      expect((await get(site, '/nl/woningaanbod/iets')).status, site).toBe(404)
    }
  })

  it('answers 304 to a matching If-None-Match or If-Modified-Since, and 200 once the page changed', async () => {
    const offer = market.listed('pararius')[1]!
    const path = pathOf(offer.offer.pararius!.url)
    const first = await get('pararius', path)
    const etag = first.headers.get('etag')!
    const lastModified = first.headers.get('last-modified')!
    expect((await get('pararius', path, { 'if-none-match': etag })).status).toBe(304)
    expect((await get('pararius', path, { 'if-modified-since': lastModified })).status).toBe(304)
    expect((await get('pararius', path, { 'if-none-match': '"other"' })).status).toBe(200)
    offer.offer = { ...offer.offer, description: 'A new description.' }
    offer.detail.version += 1
    offer.detail.modifiedAt = new Date(Date.parse(market.now) + 3_600_000).toISOString()
    const changed = await get('pararius', path, { 'if-none-match': etag })
    expect([changed.status, changed.headers.get('etag') === etag]).toEqual([200, false])
    expect(await changed.text()).toContain('A new description.')
    expect((await get('pararius', path, { 'if-modified-since': lastModified })).status).toBe(200)
  })

  it('Huurwoningen sends validators but ignores conditional requests', async () => {
    const city = market.cities.find((c) =>
      market.listed('huurwoningen').some((o) => o.offer.home.city === c.name),
    )!
    const path = `/in/${city.slug}/`
    const first = await get('huurwoningen', path)
    const etag = first.headers.get('etag')!
    expect(etag).toBeTruthy()
    const again = await get('huurwoningen', path, { 'if-none-match': etag })
    expect([again.status, again.headers.get('etag')]).toEqual([200, etag])
  })

  it('answers 404 for a withdrawn offer’s detail page after the night that withdrew it', async () => {
    const night = market.advanceNight()
    const gone = market.offers('pararius').find((o) => o.siteId === night.sites.pararius.withdrawals[0])!
    expect((await get('pararius', pathOf(gone.offer.pararius!.url))).status).toBe(404)
    const list = await (await get('pararius', `/apartments/${firstCity().slug}`)).text()
    expect(list).not.toContain(gone.siteId)
  })

  it('switches faults on: a stale ETag, a 429 storm, a list layout change', async () => {
    const offer = market.listed('funda')[2]!
    const path = pathOf(offer.offer.funda!.url)
    server.faults.staleEtags.add('funda')
    const etag = (await get('funda', path)).headers.get('etag')!
    offer.offer = { ...offer.offer, description: 'Changed, but the ETag says not.' }
    offer.detail.version += 1
    expect((await get('funda', path, { 'if-none-match': etag })).status).toBe(304)
    server.faults.staleEtags.clear()
    expect((await get('funda', path, { 'if-none-match': etag })).status).toBe(200)

    server.faults.storms.set('kamernet', { remaining: 2, retryAfterSeconds: 1 })
    const throttled = await get('kamernet', '/robots.txt')
    expect([throttled.status, throttled.headers.get('retry-after')]).toEqual([429, '1'])
    expect((await get('kamernet', '/robots.txt')).status).toBe(429)
    expect((await get('kamernet', '/robots.txt')).status).toBe(200)

    server.faults.changedLayouts.add('pararius')
    const changed = await (await get('pararius', `/apartments/${firstCity().slug}`)).text()
    expect(changed).not.toContain('listing-search-item')
    server.faults.changedLayouts.clear()
  })

  it('counts every request by host, kind and answer; a night costs its requests at each host’s interval', async () => {
    server.resetCounts()
    const offer = market.listed('pararius')[0]!
    await get('pararius', '/robots.txt')
    await get('pararius', `/apartments/${firstCity().slug}`)
    const etag = (await get('pararius', pathOf(offer.offer.pararius!.url))).headers.get('etag')!
    await get('pararius', pathOf(offer.offer.pararius!.url), { 'if-none-match': etag })
    await get('pararius', '/apartment-for-rent/nowhere/00000000/none')
    const counts = server.counts()
    expect(counts).toEqual({
      'www.pararius.com': { robots: { 200: 1 }, list: { 200: 1 }, detail: { 200: 1, 304: 1, 404: 1 } },
    })
    expect(requestsOf(counts, 'www.pararius.com', 'detail')).toBe(3)
    const politeness = { 'www.pararius.com': MARKET_SITE_SPECS.pararius.politeness }
    // Five requests at Pararius's one every 2 s.
    expect(nightCost(counts, politeness)).toEqual({
      hosts: { 'www.pararius.com': { requests: 5, seconds: 10 } },
      seconds: 10,
    })
  })
})
