import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { marketIngest } from '../../testkit/market/market-ingest.js'
import { type MarketServer, startMarketServer } from '../../testkit/market/market-server.js'
import { MARKET_SITE_SPECS } from '../../testkit/market/market-sites.js'
import {
  detailUrlOf,
  MARKET_SITES,
  type Market,
  WHOLE_OFFER_SITES,
} from '../../testkit/market/market-state.js'
import { nightCost } from '../../testkit/market/night-cost.js'
import { requestsOf } from '../../testkit/market/request-counts.js'
import { SAMPLE_BAG, sampleMarket } from '../../testkit/market/sample-market.js'
import { runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
const db = join(dir, 'propdata.db')
let market: Market
let server: MarketServer

beforeAll(async () => {
  market = await sampleMarket(dir, 250, { seed: 11 })
  server = await startMarketServer(market)
}, 60_000)
afterAll(() => server?.close())

describe('propdata ingest over a simulated market', () => {
  it('crawls every listing site of the market live through the origin map and publishes their listings', async () => {
    const env = { PROPDATA_DATA_DIR: dir }
    const bag = await runCli(['import', 'bag', SAMPLE_BAG, '--db', db], env)
    expect(bag.code, bag.stderr).toBe(0)
    const crawl = marketIngest(market, server, db)
    const ingest = await runCli(crawl.args, { ...env, ...crawl.env })
    expect(ingest.code, ingest.stderr).toBe(0)
    const report = JSON.parse(ingest.stdout) as {
      mode: string
      sources: { source: string; status: string; listings: number }[]
    }
    expect(report.mode).toBe('live')
    for (const site of MARKET_SITES) {
      const line = report.sources.find((s) => s.source === site)
      expect([line?.status, line?.listings], site).toEqual(['ok', market.listed(site).length])
    }

    // Every offer with a detail page reached the published listings under its site's own URL.
    const sqlite = new Database(db, { readonly: true })
    const sources = sqlite
      .prepare("select sources_json from listings where status = 'active'")
      .pluck()
      .all() as string[]
    sqlite.close()
    const published = sources.join('\n')
    for (const site of MARKET_SITES) {
      for (const o of market.listed(site)) {
        const url = detailUrlOf(site, o.offer)
        if (url) expect(published, url).toContain(url)
      }
    }
    expect(published).not.toContain('127.0.0.1')

    // The market counted the night: robots.txt, list pages and (except Kamernet's) detail pages on every host.
    const counts = server.counts()
    for (const site of MARKET_SITES) {
      const { host } = MARKET_SITE_SPECS[site]
      expect(requestsOf(counts, host, 'robots', 200), host).toBe(1)
      expect(requestsOf(counts, host, 'list', 200), host).toBeGreaterThan(0)
    }
    expect(requestsOf(counts, 'www.funda.nl', 'detail', 200)).toBe(market.listed('funda').length)
    expect(requestsOf(counts, 'www.pararius.com', 'detail', 200)).toBe(market.listed('pararius').length)
    // The whole-offer sites: one request for everything, no detail pages.
    for (const site of WHOLE_OFFER_SITES) {
      const { host } = MARKET_SITE_SPECS[site]
      expect([requestsOf(counts, host, 'list'), requestsOf(counts, host, 'detail')], host).toEqual([1, 0])
    }
    const politeness = Object.fromEntries(
      MARKET_SITES.map((s) => [MARKET_SITE_SPECS[s].host, MARKET_SITE_SPECS[s].politeness]),
    )
    const cost = nightCost(counts, politeness)
    expect(cost.hosts['www.funda.nl']!.seconds).toBe(requestsOf(counts, 'www.funda.nl') * 4)
  }, 180_000)
})
