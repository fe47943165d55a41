import { createHash } from 'node:crypto'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CrawlRequests } from '../../src/crawl/crawl-outcome.js'
import { marketIngest } from '../../testkit/market/market-ingest.js'
import { type MarketServer, startMarketServer } from '../../testkit/market/market-server.js'
import { MARKET_SITE_SPECS } from '../../testkit/market/market-sites.js'
import {
  detailUrlOf,
  type Market,
  type MarketSite,
  type NightChanges,
} from '../../testkit/market/market-state.js'
import { requestsOf } from '../../testkit/market/request-counts.js'
import { marketBagDb, sampleMarket } from '../../testkit/market/sample-market.js'
import { runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
// The sites whose offers have detail pages that a card can stand for (Huurwoningen's complete cards are listings).
const SITES = ['funda', 'pararius'] as const satisfies readonly MarketSite[]
const REFRESH_NIGHTS = 2
let market: Market
let server: MarketServer
let db: string

interface Night {
  readonly runId: number
  readonly requests: Record<MarketSite, CrawlRequests>
  /** Detail requests the market's servers counted, by site. */
  readonly served: Record<MarketSite, number>
  /** Of those, the ones answered 304. */
  readonly servedNotModified: Record<MarketSite, number>
}

/** Crawls the two sites once, as the real CLI does, and returns what the run reported and the market counted. */
async function crawl(env: Record<string, string> = {}): Promise<Night> {
  server.resetCounts()
  const ingest = marketIngest(market, server, db)
  const args = ingest.args.map((a) => (a.includes('funda,') ? SITES.join(',') : a))
  const run = await runCli(args, {
    PROPDATA_DATA_DIR: dir,
    PROPDATA_REFRESH_NIGHTS: String(REFRESH_NIGHTS),
    ...ingest.env,
    ...env,
  })
  expect(run.code, run.stderr).toBe(0)
  const report = JSON.parse(run.stdout) as {
    runId: number
    sources: { source: string; requests: CrawlRequests }[]
  }
  const counts = server.counts()
  const bySite = <T>(f: (site: MarketSite) => T) => Object.fromEntries(SITES.map((s) => [s, f(s)]))
  return {
    runId: report.runId,
    requests: bySite((s) => report.sources.find((r) => r.source === s)!.requests) as Night['requests'],
    served: bySite((s) => requestsOf(counts, MARKET_SITE_SPECS[s].host, 'detail')) as Night['served'],
    servedNotModified: bySite((s) =>
      requestsOf(counts, MARKET_SITE_SPECS[s].host, 'detail', 304),
    ) as Night['servedNotModified'],
  }
}

const open = () => new Database(db, { readonly: true })

/** Listed offers of a site without an active observation: withdrawn though still on offer. */
function withdrawnWrongly(site: MarketSite): string[] {
  const sqlite = open()
  const active = new Set(
    sqlite
      .prepare("select url from observations where source_id = ? and status = 'active'")
      .pluck()
      .all(site) as string[],
  )
  sqlite.close()
  return market
    .listed(site)
    .map((o) => detailUrlOf(site, o.offer)!)
    .filter((url) => !active.has(url))
}

/** The detail pages of offers whose newest memo is not of the page as the site serves it now. */
async function unreadChanges(site: MarketSite, ids: readonly string[]): Promise<string[]> {
  const sqlite = open()
  const memo = sqlite.prepare(
    'select content_hash from page_memos where source_id = ? and page_key = ? order by run_id desc limit 1',
  )
  const stale: string[] = []
  for (const o of market.listed(site).filter((o) => ids.includes(o.siteId))) {
    const url = detailUrlOf(site, o.offer)!
    const body = await (await fetch(`${server.origins[site]}${new URL(url).pathname}`)).text()
    const digest = createHash('sha1').update(body).digest('base64url')
    const row = memo.get(site, `GET ${url}`) as { content_hash: string } | undefined
    if (row?.content_hash !== digest) stale.push(url)
  }
  sqlite.close()
  return stale
}

const detailRequests = (r: CrawlRequests) => r.detailNew + r.detailChanged + r.refresh

let first: Night
let second: Night
let firstListed: Record<MarketSite, number>
let changes: NightChanges

beforeAll(async () => {
  // Many moves a night, so that a second night has new offers, changed cards and detail-only edits on both sites.
  market = await sampleMarket(dir, 200, {
    seed: 7,
    rates: { newOffers: 0.1, priceChanges: 0.05, cardEdits: 0.05, detailEdits: 0.08, withdrawals: 0.03 },
  })
  db = marketBagDb(dir)
  server = await startMarketServer(market, { sites: SITES })
  first = await crawl()
  firstListed = Object.fromEntries(SITES.map((s) => [s, market.listed(s).length])) as typeof firstListed
  changes = market.advanceNight()
  second = await crawl()
}, 180_000)
afterAll(() => server?.close())

describe('an incremental crawl over the market', () => {
  it('reads every detail page on the first night, and on the next only new offers, changed cards and the refresh budget', () => {
    // The market serves the sites' real card markup: a new offer on top moves every card below it (position ids),
    // photo URLs are signed anew each night, ages and badges change. None of that is a changed card.
    for (const site of SITES) {
      expect(first.requests[site], site).toMatchObject({
        detailNew: firstListed[site],
        detailChanged: 0,
        refresh: 0,
      })
      expect(first.served[site], site).toBe(firstListed[site])

      const night = changes.sites[site]
      const r = second.requests[site]
      const budget = Math.ceil(firstListed[site] / REFRESH_NIGHTS)
      // New ids have no memo; an offer relisted under its old id is known, with a changed card.
      expect(r.detailNew, site).toBe(
        night.newOffers.length + night.relistedNewId.length - night.relistedSameId.length,
      )
      // A card edit changes the photos alone: no fact of the listing, so its detail page is not read for it.
      const changedCards = night.priceChanges.length + night.relistedSameId.length
      expect(night.cardEdits.length, site).toBeGreaterThan(0)
      expect(r.detailChanged, site).toBe(changedCards)
      expect(r.refresh, site).toBeLessThanOrEqual(budget)
      expect(r.refresh, site).toBeGreaterThanOrEqual(budget - changedCards - night.withdrawals.length)
      // Every detail request the run counted reached the site, and no other.
      expect(second.served[site], site).toBe(detailRequests(r))
      expect(second.served[site], site).toBeLessThan(market.listed(site).length)
      // Changed cards and refreshes go without validators: none of them can be a 304.
      expect(second.servedNotModified[site], site).toBe(0)
      console.info(
        `${site} night 1: ${r.list} list, ${r.detailNew} new, ${r.detailChanged} changed, ${r.refresh} refresh; ` +
          `lower bound ${r.list + night.newOffers.length + night.relistedNewId.length + changedCards}, full ${r.list + market.listed(site).length}`,
      )
    }
  })

  it('withdraws nothing still on offer, and says how each listing was verified', () => {
    for (const site of SITES) expect(withdrawnWrongly(site), site).toEqual([])
    const sqlite = open()
    const how = sqlite
      .prepare(
        `select source_id, verified_by, count(*) as n, min(verified_at) = max(verified_at) as once from observations
          where status = 'active' and last_run_id = ? group by 1, 2 order by 1, 2`,
      )
      .all(second.runId) as { source_id: string; verified_by: string; n: number; once: number }[]
    sqlite.close()
    for (const site of SITES) {
      const byHow = Object.fromEntries(
        how.filter((h) => h.source_id === site).map((h) => [h.verified_by, h.n]),
      )
      const r = second.requests[site]
      expect(byHow.detail, site).toBe(detailRequests(r))
      expect(byHow.list, site).toBe(market.listed(site).length - detailRequests(r))
    }
    expect(how.every((h) => h.once === 1)).toBe(true)
  })

  it('reads a detail-only edit within the refresh bound, even from a site whose ETags went stale', async () => {
    const edited = Object.fromEntries(SITES.map((s) => [s, changes.sites[s].detailEdits])) as Record<
      MarketSite,
      string[]
    >
    expect(SITES.every((s) => edited[s].length > 0)).toBe(true)
    for (const site of SITES) server.faults.staleEtags.add(site)
    try {
      const unread = SITES.flatMap((s) => edited[s]).length
      const third = await crawl()
      const missed = (await Promise.all(SITES.map((s) => unreadChanges(s, edited[s])))).flat()
      expect(missed).toEqual([])
      expect(unread).toBeGreaterThan(0)
      for (const site of SITES) {
        expect(third.requests[site].refresh, site).toBeGreaterThan(0)
        expect(withdrawnWrongly(site), site).toEqual([])
      }
    } finally {
      for (const site of SITES) server.faults.staleEtags.delete(site)
    }
  }, 120_000)

  it('requests every detail page, conditionally, with PROPDATA_CRAWL=full; and `runs show` counts them', async () => {
    const full = await crawl({ PROPDATA_CRAWL: 'full' })
    for (const site of SITES) {
      expect(full.served[site], site).toBe(market.listed(site).length)
      expect(detailRequests(full.requests[site]), site).toBe(market.listed(site).length)
    }
    // Both are read over plain HTTP (PROPDATA_RENDER=http, as the market needs no script): their unchanged detail
    // pages answer 304, Funda's too, though a live crawl renders them in a browser.
    for (const site of SITES) expect(full.servedNotModified[site], site).toBeGreaterThan(0)
    const shown = await runCli(['runs', 'show', String(full.runId), '--db', db], { PROPDATA_DATA_DIR: dir })
    expect(shown.stdout).toMatch(
      /Requests: funda \d+ list, \d+ new, \d+ changed, \d+ refresh \(\d+ not modified\)/,
    )
  }, 120_000)
})
