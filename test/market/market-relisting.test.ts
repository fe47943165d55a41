import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DETAIL_SITES,
  detailUrlOf,
  MARKET_SITES,
  type Market,
  type MarketOffer,
  type MarketSite,
} from '../../testkit/market/market-state.js'
import { sampleMarket } from '../../testkit/market/sample-market.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { type MarketCrawler, marketCrawler } from './market-crawler.js'

const dir = useTempDir()
let market: Market
let crawler: MarketCrawler

/**
 * An offer's observation (its status, whether it found its BAG home) and the published listing it belongs to, with how
 * many sites show that listing.
 */
interface Published {
  readonly observed: string
  readonly id: number
  readonly status: string
  readonly history: string[]
  readonly resolved: boolean
  readonly sites: number
}

function publishedOf(o: MarketOffer): Published {
  const row = crawler.read((sqlite) =>
    sqlite
      .prepare<
        [string, string],
        { observed: string; id: number; status: string; history: string; bag: string | null; sites: number }
      >(
        `select o.status as observed, l.id, l.status, l.price_history_json as history, o.bag_vbo_id as bag,
                (select count(distinct m.source_id) from observations m where m.listing_id = l.id) as sites
           from observations o join listings l on l.id = o.listing_id
          where o.source_id = ? and ${DETAIL_SITES.includes(o.site) ? 'o.url' : 'o.source_listing_id'} = ?`,
      )
      .get(o.site, detailUrlOf(o.site, o.offer) ?? o.siteId),
  )
  if (!row) throw new Error(`${o.site} ${o.siteId} is not published`)
  const points = JSON.parse(row.history) as { observed_at: string; price: number }[]
  return {
    observed: row.observed,
    id: row.id,
    status: row.status,
    history: points.map((p) => `${p.observed_at} ${p.price}`),
    resolved: row.bag !== null,
    sites: row.sites,
  }
}

const offerOf = (site: MarketSite, siteId: string) => market.offers(site).find((o) => o.siteId === siteId)!

/** Nights in which nothing moves but what a test asks for. */
const STILL = { newOffers: 0, withdrawals: 0, priceChanges: 0, relistings: 0, cardEdits: 0, detailEdits: 0 }

beforeAll(async () => {
  market = await sampleMarket(dir, 300, { seed: 9 })
  // Withdrawn after one complete crawl that misses them, so that a withdrawal shows the night it happens.
  crawler = await marketCrawler(market, dir, { PROPDATA_WITHDRAW_AFTER: '1' })
}, 60_000)
afterAll(() => crawler?.close())

describe('a home withdrawn and relisted', () => {
  it('gets its old lis_ id back, active, with its earlier prices, under its old site id or a new one', async () => {
    await crawler.night()
    // Prices move, so that a history has earlier prices; then homes are withdrawn, then all of them relisted.
    market.advanceNight({ ...STILL, priceChanges: 0.5 })
    await crawler.night()
    const withdrawn = market.advanceNight({ ...STILL, withdrawals: 0.2 })
    await crawler.night()
    const before = new Map<string, Published>()
    for (const site of MARKET_SITES) {
      for (const id of withdrawn.sites[site].withdrawals) {
        const published = publishedOf(offerOf(site, id))
        expect(published.observed, `${site} ${id}`).toBe('withdrawn')
        before.set(`${site} ${id}`, published)
      }
    }

    const relisted = market.advanceNight({ ...STILL, relistings: 1, relistedWithNewId: 0.5 })
    const night = await crawler.night()
    expect(night.code, night.report.problems.join('\n')).toBe(0)
    const cases = MARKET_SITES.flatMap((site) => [
      ...relisted.sites[site].relistedSameId.map((id) => ({ site, from: id, to: id, newId: false })),
      ...relisted.sites[site].relistedNewId.map((m) => ({ site, ...m, newId: true })),
    ])
    // A relisting under a new id is known for the same home by its BAG object. An offer whose page names no house
    // number and that did not resolve cannot be told from its neighbours, so it comes back as a listing of its own.
    // A listing another site shows too follows the most trusted site's prices, whichever that is once the offer is
    // back: only listings of the one site carry that site's prices through.
    const known = cases.filter((c) => {
      const was = before.get(`${c.site} ${c.from}`)!
      return was.sites === 1 && (!c.newId || was.resolved)
    })
    expect(known.filter((c) => !c.newId).length).toBeGreaterThan(0)
    expect(known.filter((c) => c.newId).length).toBeGreaterThan(0)
    for (const c of known) {
      const was = before.get(`${c.site} ${c.from}`)!
      const now = publishedOf(offerOf(c.site, c.to))
      const at = `${c.site} ${c.from} → ${c.to}`
      expect({ id: now.id, status: now.status, observed: now.observed }, at).toEqual({
        id: was.id,
        status: 'active',
        observed: 'active',
      })
      expect(now.history, at).toEqual(expect.arrayContaining(was.history))
    }
    expect(known.some((c) => before.get(`${c.site} ${c.from}`)!.history.length > 1)).toBe(true)
  }, 120_000)
})
