import { beforeAll, describe, expect, it } from 'vitest'
import { CRAWL_MODES, crawlNights, type Night, siteRequests } from '../../bench/crawl/crawl-nights.js'
import { shareOf } from '../../bench/crawl/night-figures.js'
import { MARKET_SITES } from '../../scripts/market/market-state.js'
import { marketBagDb, sampleMarket } from '../../scripts/market/sample-market.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
let nights: Night[]

beforeAll(async () => {
  // A few hundred offers, with enough moves a night that every site sees new offers and price changes.
  const market = await sampleMarket(dir, 300, { seed: 5, rates: { newOffers: 0.15, priceChanges: 0.15 } })
  const full = CRAWL_MODES.find((m) => m.name === 'full')!
  nights = await crawlNights({ market, baseDb: marketBagDb(dir), dir, nights: 2, mode: full })
}, 180_000)

describe('nights of the full crawl over a small market', () => {
  it('counts the pages the run reports, and never fewer requests than the lower bound', () => {
    expect(nights.map((n) => n.night)).toEqual([0, 1])
    for (const { night, counts, sites } of nights) {
      for (const s of sites) {
        const requests = siteRequests(counts, s.site)
        const at = `${s.site} night ${night}`
        expect(s.reported?.status, at).toBe('ok')
        expect(s.reported?.pages, at).toBe(requests.list + requests.detail)
        expect(s.reported?.pagesNotModified, at).toBe(requests.notModified)
        expect(requests.robots, at).toBe(1)
        expect(s.lowerBound, at).toBeGreaterThan(0)
        expect(requests.total / s.lowerBound, at).toBeGreaterThanOrEqual(1)
      }
    }
  })

  it('shows every new offer and price change after the night, and withdraws nothing still on offer', () => {
    const [first, second] = nights
    for (const s of [...first!.sites, ...second!.sites]) {
      expect(shareOf(s.newShown), s.site).toBe(1)
      expect(shareOf(s.pricesShown), s.site).toBe(1)
      expect(s.withdrawnWrongly, s.site).toBe(0)
    }
    for (const site of MARKET_SITES) {
      const s = second!.sites.find((n) => n.site === site)!
      expect(
        [s.newShown.of, s.pricesShown.of].every((n) => n > 0),
        site,
      ).toBe(true)
    }
  })
})
