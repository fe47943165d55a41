import { beforeAll, describe, expect, it } from 'vitest'
import {
  DETAIL_SITES,
  MARKET_SITES,
  type Market,
  type MarketOffer,
  type NightChanges,
} from '../../testkit/market/market-state.js'
import { sampleMarket } from '../../testkit/market/sample-market.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
const HOMES = 1_500
/** Nights moved in each market of this file. */
const NIGHTS = 4
const RATES = { withdrawals: 0.05, relistings: 0.5 }

/** The market after {@link NIGHTS} nights, with what each night changed. */
async function movedMarket(seed: number) {
  // Relistings at a high rate, so a few nights see both kinds on every site.
  const market = await sampleMarket(dir, HOMES, { seed, rates: RATES })
  const listedAtStart = Object.fromEntries(MARKET_SITES.map((s) => [s, market.listed(s).length]))
  const nights: NightChanges[] = []
  for (let n = 0; n < NIGHTS; n++) nights.push(market.advanceNight())
  return { market, nights, listedAtStart }
}

const find = (market: Market, site: (typeof MARKET_SITES)[number], id: string): MarketOffer =>
  market.offers(site).find((o) => o.siteId === id)!

describe('the simulated market', () => {
  let a: Awaited<ReturnType<typeof movedMarket>>
  beforeAll(async () => {
    a = await movedMarket(7)
  }, 60_000)

  it('puts every listing source on the market', () => {
    for (const site of MARKET_SITES) expect(a.listedAtStart[site], site).toBeGreaterThan(20)
    expect(a.market.cities.length).toBeGreaterThan(1)
  })

  it('moves each site by its rates on the first night', async () => {
    const fresh = await sampleMarket(dir, HOMES, { seed: 7, rates: RATES })
    const before = Object.fromEntries(MARKET_SITES.map((s) => [s, fresh.listed(s).length]))
    const night = fresh.advanceNight()
    expect(night).toEqual(a.nights[0])
    const r = fresh.rates
    for (const site of MARKET_SITES) {
      const changes = night.sites[site]
      // The rate's share of the site's offers, rounded down or up.
      const share = (rate: number) => [Math.floor(rate * before[site]!), Math.ceil(rate * before[site]!)]
      const detailSite = DETAIL_SITES.includes(site)
      for (const [moved, rate] of [
        [changes.withdrawals, r.withdrawals],
        [changes.priceChanges, r.priceChanges],
        [changes.newOffers, r.newOffers],
        [changes.cardEdits, detailSite ? r.cardEdits : 0],
        [changes.detailEdits, detailSite ? r.detailEdits : 0],
      ] as const)
        expect(share(rate), site).toContain(moved.length)
      // Nothing was withdrawn before the first night, so nothing comes back yet.
      expect([changes.relistedSameId, changes.relistedNewId], site).toEqual([[], []])
      const listed = before[site]! - changes.withdrawals.length + changes.newOffers.length
      expect(fresh.listed(site), site).toHaveLength(listed)
    }
  }, 60_000)

  it('changes a price on the card and the detail page, an edit on one of them only', () => {
    const night = a.nights[NIGHTS - 1]!
    for (const site of DETAIL_SITES) {
      const { priceChanges, cardEdits, detailEdits } = night.sites[site]
      const priced = find(a.market, site, priceChanges[0]!)
      expect([priced.card.version, priced.detail.version].every((v) => v > 1)).toBe(true)
      expect(priced.card.modifiedAt).toBe(a.market.now)
      const card = find(a.market, site, cardEdits[0]!)
      expect([card.card.modifiedAt, card.detail.modifiedAt === a.market.now]).toEqual([a.market.now, false])
      expect(card.offer.photos).toBeGreaterThan(0)
      const detail = find(a.market, site, detailEdits[0]!)
      expect([detail.detail.modifiedAt, detail.card.modifiedAt === a.market.now]).toEqual([
        a.market.now,
        false,
      ])
      expect(detail.offer.description).toContain(a.market.date)
    }
  })

  it('relists withdrawn homes, under their old id and under a new one', () => {
    for (const site of MARKET_SITES) {
      const same = a.nights.flatMap((n) => n.sites[site].relistedSameId)
      const moved = a.nights.flatMap((n) => n.sites[site].relistedNewId)
      expect(
        [same.length, moved.length].every((n) => n > 0),
        site,
      ).toBe(true)
      const back = find(a.market, site, same[0]!)
      expect(
        back.state === 'listed' || a.nights.some((n) => n.sites[site].withdrawals.includes(back.siteId)),
      ).toBe(true)
      const { from, to } = moved[0]!
      const [old, again] = [find(a.market, site, from), find(a.market, site, to)]
      expect(to).not.toBe(from)
      expect(again.offer.home.vboId).toBe(old.offer.home.vboId)
      expect(old.state).toBe('superseded')
    }
  })

  it('serves a withdrawn offer’s detail URL as the offer it was, no longer listed', () => {
    const id = a.nights[0]!.sites.pararius.withdrawals[0]!
    const offer = find(a.market, 'pararius', id)
    expect(a.market.byDetailUrl(offer.offer.pararius!.url)).toBe(offer)
  })

  it('is reproducible from its seed, and another seed moves it otherwise', async () => {
    const again = await movedMarket(7)
    expect(again.nights).toEqual(a.nights)
    expect(again.market.listed('funda').map((o) => o.offer)).toEqual(
      a.market.listed('funda').map((o) => o.offer),
    )
    const other = await movedMarket(8)
    expect(other.nights).not.toEqual(a.nights)
  }, 60_000)

  it('keeps a seeded share of a site’s offers, and every offer of the sites it does not name', async () => {
    const whole = await sampleMarket(dir, HOMES, { seed: 7 })
    const kept = await sampleMarket(dir, HOMES, { seed: 7, siteShares: { funda: 0.3 } })
    const all = whole.offers('funda').map((o) => o.siteId)
    const some = kept.offers('funda').map((o) => o.siteId)
    expect(some.length / all.length).toBeGreaterThan(0.25)
    expect(some.length / all.length).toBeLessThan(0.35)
    expect(all).toEqual(expect.arrayContaining(some))
    for (const site of MARKET_SITES.filter((s) => s !== 'funda'))
      expect(kept.offers(site).length, site).toBe(whole.offers(site).length)
    const again = await sampleMarket(dir, HOMES, { seed: 7, siteShares: { funda: 0.3 } })
    expect(again.offers('funda').map((o) => o.siteId)).toEqual(some)
  }, 60_000)
})
