import { describe, expect, it } from 'vitest'
import { shareOf } from '../../bench/crawl/night-figures.js'
import { MARKET_SITE_SPECS } from '../../testkit/market/market-sites.js'
import { MARKET_SITES } from '../../testkit/market/market-state.js'
import { requestsOf } from '../../testkit/market/request-counts.js'
import { sourceLines, useFaultMarket } from '../market/market-crawler.js'

const fault = useFaultMarket()

describe('a 429 storm mid-night', () => {
  it('is waited out or stops the source; nothing is withdrawn wrongly, and the next night publishes the market', async () => {
    const { market, crawler } = fault
    const first = await crawler.night()
    expect(first.code, first.report.problems.join('\n')).toBe(0)

    // Funda throttles a short stretch (waited out); Pararius throttles from its first list page on (after robots.txt),
    // whatever its market holds, until the crawl gives up on it.
    const changes = market.advanceNight()
    crawler.server.faults.storms.set('funda', { after: 10, remaining: 4, retryAfterSeconds: 1 })
    crawler.server.faults.storms.set('pararius', { after: 1, remaining: 10_000, retryAfterSeconds: 0 })
    const storm = await crawler.night()
    const lines = sourceLines(storm.report)
    expect(storm.code).toBe(3)
    expect(requestsOf(storm.counts, MARKET_SITE_SPECS.funda.host, undefined, 429)).toBe(4)
    expect(lines.funda).toMatchObject({
      status: 'ok',
      pagesFailed: 0,
      message: 'Throttled 4 times (HTTP 429/503)',
    })
    // Withdrawn after one complete crawl: this night's withdrawals already show.
    const funda = changes.sites.funda
    expect(crawler.figures('funda', funda, funda.withdrawals)).toMatchObject({
      newShown: { shown: funda.newOffers.length },
      pricesShown: { shown: funda.priceChanges.length },
      withdrawalsShown: { shown: funda.withdrawals.length },
    })

    // Pararius lost its list pages: blocked, it withdraws none of the offers it did not see.
    expect(requestsOf(storm.counts, MARKET_SITE_SPECS.pararius.host, 'list', 429)).toBeGreaterThan(0)
    expect(lines.pararius).toMatchObject({ status: 'blocked', withdrawn: 0 })
    expect(lines.pararius.message).toMatch(
      /^HTTP 429 persists after 6 waits at https:\/\/www\.pararius\.com\/\S+$/,
    )
    expect(changes.sites.pararius.withdrawals.length).toBeGreaterThan(0)
    expect(storm.report.problems).toEqual([`pararius: blocked: ${lines.pararius.message}`])
    for (const site of MARKET_SITES)
      expect(crawler.figures(site, changes.sites[site]).withdrawnWrongly, site).toBe(0)

    const shown = await crawler.cli(['runs', 'show', String(storm.report.runId)])
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toMatch(/^ {2}pararius +blocked /m)
    expect(shown.stdout).toContain('Throttled 4 times (HTTP 429/503)')
    expect(shown.stdout).toContain('pararius: blocked: HTTP 429 persists after 6 waits')

    // The storm is over: the next night publishes the market as it stands, Pararius's missed night included.
    crawler.server.faults.storms.clear()
    const calm = market.advanceNight()
    const after = await crawler.night()
    expect(after.code, after.report.problems.join('\n')).toBe(0)
    for (const site of MARKET_SITES) {
      expect(sourceLines(after.report)[site]).toMatchObject({ status: 'ok', message: null })
      const figures = crawler.asItIs(site)
      expect(
        [shareOf(figures.newShown), shareOf(figures.pricesShown), figures.withdrawnWrongly],
        site,
      ).toEqual([1, 1, 0])
      const gone = crawler.figures(site, calm.sites[site], changes.sites[site].withdrawals)
      expect(shareOf(gone.withdrawalsShown), site).toBe(1)
    }
  }, 120_000)
})
