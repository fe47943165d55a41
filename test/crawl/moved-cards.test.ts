import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CrawlRequests } from '../../src/crawl/crawl-outcome.js'
import { marketIngest } from '../../testkit/market/market-ingest.js'
import { type MarketServer, startMarketServer } from '../../testkit/market/market-server.js'
import type { Market, MarketOffer } from '../../testkit/market/market-state.js'
import { marketBagDb, sampleMarket } from '../../testkit/market/sample-market.js'
import { runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
let market: Market
let server: MarketServer
let city: string
/** The newest offer of the city: kept off the market the first night, so that it lands on top the second. */
let newest: MarketOffer
const detailPaths: string[] = []

/** Pararius's search cards for the city, on the same day, with or without the newest offer. */
async function crawl(): Promise<CrawlRequests> {
  detailPaths.length = 0
  const ingest = marketIngest(market, server, marketBagDb(dir))
  const args = ingest.args.map((a, i) =>
    ingest.args[i - 1] === '--sources' ? 'pararius' : ingest.args[i - 1] === '--cities' ? city : a,
  )
  const run = await runCli(args, { PROPDATA_DATA_DIR: dir, PROPDATA_REFRESH_NIGHTS: '10000', ...ingest.env })
  expect(run.code, run.stderr).toBe(0)
  const report = JSON.parse(run.stdout) as { sources: { source: string; requests: CrawlRequests }[] }
  return report.sources.find((s) => s.source === 'pararius')!.requests
}

/** The position id of every card on the city's first search page, by the card's listing id. */
async function titleIds(): Promise<Map<string, string>> {
  const html = await (await fetch(`${server.origins.pararius}/apartments/${slugOf(city)}`)).text()
  const cards = html.matchAll(/data-listing-search-item-id="([0-9a-f]+)"[\s\S]*?id="(listing-title-\d+)"/g)
  return new Map([...cards].map(([, id, title]) => [id!, title!]))
}

const slugOf = (name: string) => market.cities.find((c) => c.name === name)!.slug

beforeAll(async () => {
  market = await sampleMarket(dir, 200, { seed: 7 })
  const inCity = (name: string) => market.listed('pararius').filter((o) => o.offer.home.city === name)
  city = market.cities.map((c) => c.name).sort((a, b) => inCity(b).length - inCity(a).length)[0]!
  newest = inCity(city).sort((a, b) => (b.offer.listedAt ?? '').localeCompare(a.offer.listedAt ?? ''))[0]!
  newest.state = 'waiting'
  server = await startMarketServer(market, {
    sites: ['pararius'],
    onRequest: (r) => r.kind === 'detail' && detailPaths.push(r.path),
  })
}, 120_000)
afterAll(() => server?.close())

describe('a search card that only moved down the page', () => {
  it('is not a changed card: one new offer on top costs one detail request, not one per card below it', async () => {
    const first = await crawl()
    const known = first.detailNew
    expect(known).toBeGreaterThan(5)
    const before = await titleIds()

    // The same day (same photo signatures, ages and badges): the newest offer comes on the market at the top.
    newest.state = 'listed'
    market.revision += 1
    const after = await titleIds()
    const moved = [...before].filter(([id, title]) => after.get(id) !== title)
    expect(moved.length).toBeGreaterThan(5)
    for (const [id, title] of moved) {
      const position = Number(title.replace('listing-title-', ''))
      expect(after.get(id) ?? 'on page 2', id).toMatch(
        new RegExp(`^(listing-title-${position + 1}|on page 2)$`),
      )
    }

    const second = await crawl()
    expect(second).toMatchObject({ detailNew: 1, detailChanged: 0 })
    // The refresh rotation's share of a night (one page at most here) is the only other detail request.
    expect(second.refresh).toBeLessThanOrEqual(1)
    expect(detailPaths).toContain(new URL(newest.offer.pararius!.url).pathname)
    expect(detailPaths).toHaveLength(1 + second.refresh)
  }, 120_000)
})
