import Database from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { CRAWL_MODES, crawlNights, type Night, siteRequests } from '../../bench/crawl/crawl-nights.js'
import { summarise } from '../../bench/crawl/crawl-targets.js'
import { nightFigures, shareOf } from '../../bench/crawl/night-figures.js'
import { listPagesBySearch, searchOf } from '../../testkit/market/market-pages.js'
import { MARKET_SITES } from '../../testkit/market/market-state.js'
import { marketBagDb, sampleMarket } from '../../testkit/market/sample-market.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
const nights = new Map<string, Night[]>()

beforeAll(async () => {
  for (const mode of CRAWL_MODES) {
    // A few hundred offers, with enough moves a night that every site sees new offers and price changes (the
    // whole-offer sites, with a dozen or so offers each, too); the same seed gives each mode the same market and
    // the same nights.
    const market = await sampleMarket(dir, 500, { seed: 5, rates: { newOffers: 0.15, priceChanges: 0.15 } })
    nights.set(mode.name, await crawlNights({ market, baseDb: marketBagDb(dir), dir, nights: 2, mode }))
  }
}, 300_000)

const nightsOf = (mode: string) => nights.get(mode)!
const bySite = (night: Night) =>
  new Map(night.sites.map((s) => [s.site, { s, r: siteRequests(night.counts, s.site) }]))

describe('nights of each crawl mode over a small market', () => {
  it('runs both modes, incremental first, over the same two nights', () => {
    expect(CRAWL_MODES.map((m) => m.name)).toEqual(['incremental', 'full'])
    expect(CRAWL_MODES.find((m) => m.name === 'full')?.env).toEqual({ PROPDATA_CRAWL: 'full' })
    for (const mode of CRAWL_MODES) expect(nightsOf(mode.name).map((n) => n.night)).toEqual([0, 1])
    // The lower bound is the market's, not the crawl's: the same in both modes.
    const bounds = (mode: string) => nightsOf(mode).flatMap((n) => n.sites.map((s) => s.lowerBound))
    expect(bounds('incremental')).toEqual(bounds('full'))
  })

  it('counts the requests the run reports, and asks every list page of the scope', () => {
    for (const mode of CRAWL_MODES) {
      for (const { night, counts, sites } of nightsOf(mode.name)) {
        for (const s of sites) {
          const requests = siteRequests(counts, s.site)
          const at = `${mode.name} ${s.site} night ${night}`
          expect(s.reported?.status, at).toBe('ok')
          expect(s.reported?.pagesNotModified, at).toBe(requests.notModified)
          expect(requests.robots, at).toBe(1)
          expect(s.listPages, at).toBeGreaterThan(0)
          expect(requests.list, at).toBeGreaterThanOrEqual(s.listPages)
          expect(s.lowerBound, at).toBeGreaterThanOrEqual(s.listPages)
          const byKind = s.reported?.requests
          if (byKind) {
            expect(byKind.list, at).toBe(requests.list)
            expect(byKind.detailNew + byKind.detailChanged + byKind.refresh, at).toBe(requests.detail)
            expect(byKind.notModified, at).toBe(requests.notModified)
          }
        }
      }
    }
  })

  it('reads every listing on the first night in both modes, and every detail page every night in full', () => {
    const [incremental, full] = [nightsOf('incremental'), nightsOf('full')]
    const first = bySite(incremental[0]!)
    for (const [site, { s, r }] of bySite(full[0]!)) {
      expect(first.get(site)?.r.detail, site).toBe(r.detail)
      expect(r.total / s.lowerBound, site).toBeGreaterThanOrEqual(1)
    }
    // A full night asks as much as a lower bound; an incremental one may ask less (a card it cannot tell apart
    // asks nothing), but never more detail pages than the full crawl of the same night.
    const later = bySite(incremental[1]!)
    for (const [site, { s, r }] of bySite(full[1]!)) {
      expect(r.total, site).toBeGreaterThanOrEqual(s.lowerBound)
      expect(later.get(site)!.r.detail, site).toBeLessThanOrEqual(r.detail)
    }
  })

  it('shows every new offer and price change after the night, and withdraws nothing still on offer', () => {
    for (const mode of CRAWL_MODES) {
      const [first, second] = nightsOf(mode.name)
      for (const s of [...first!.sites, ...second!.sites]) {
        const at = `${mode.name} ${s.site}`
        expect(shareOf(s.newShown), at).toBe(1)
        expect(shareOf(s.pricesShown), at).toBe(1)
        expect(s.withdrawnWrongly, at).toBe(0)
      }
      for (const site of MARKET_SITES) {
        const s = second!.sites.find((n) => n.site === site)!
        expect(
          [s.newShown.of, s.pricesShown.of].every((n) => n > 0),
          `${mode.name} ${site}`,
        ).toBe(true)
        const summary = summarise(nightsOf(mode.name), site)
        expect(
          summary.missed.filter((m) => m !== 'ratio' && m !== 'hours'),
          `${mode.name} ${site}`,
        ).toEqual([])
      }
    }
  })
})

describe('the lower bound of a night', () => {
  it('counts robots.txt and the whole scope, or the searches a night walked when it walked part of them', async () => {
    const market = await sampleMarket(dir, 300, { seed: 5 })
    const sqlite = new Database(marketBagDb(dir), { readonly: true })
    try {
      const searches = [...listPagesBySearch(market, 'funda')]
      const [search, pages] = searches.find(([, p]) => p.size > 1)!
      const whole = nightFigures(market, 'funda', null, [], sqlite)
      expect(whole.listPages).toBe(searches.reduce((n, [, p]) => n + p.size, 0))
      expect(whole.lowerBound).toBe(1 + whole.listPages + market.listed('funda').length)
      // One page served of a search puts the whole search in the scope walked, and nothing else.
      const part = nightFigures(market, 'funda', null, [], sqlite, new Set([[...pages.keys()][0]!]))
      const listed = market.listed('funda').filter((o) => searchOf('funda', o.offer) === search)
      expect(part.listPages).toBe(pages.size)
      expect(part.lowerBound).toBe(1 + pages.size + listed.length)
    } finally {
      sqlite.close()
    }
  })
})
