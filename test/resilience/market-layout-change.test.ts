import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { shareOf } from '../../bench/crawl/night-figures.js'
import { MARKET_SITES } from '../../testkit/market/market-state.js'
import { sourceLines, useFaultMarket } from '../market/market-crawler.js'

const fault = useFaultMarket()

/** What the database publishes of Funda's offers. */
const fundaPublished = () =>
  fault.crawler.read((sqlite) =>
    sqlite
      .prepare(
        `select o.url, o.price, o.status, l.id, l.status as listing, l.price as listing_price
           from observations o join listings l on l.id = o.listing_id where o.source_id = 'funda' order by o.url`,
      )
      .all(),
  )

describe('a list layout change mid-night', () => {
  it('keeps the source’s previous data, keeps the pages under failed/, and all is well once the layout is back', async () => {
    const { dir, market, crawler } = fault
    const first = await crawler.night()
    expect(first.code, first.report.problems.join('\n')).toBe(0)
    const before = fundaPublished()

    // Funda's second search pages come in a new layout: the first pages of the night parse, those do not.
    const changes = market.advanceNight()
    crawler.server.faults.changedListPages.set('funda', (key) => key.includes('search_result=2'))
    const broken = await crawler.night()
    const funda = sourceLines(broken.report).funda
    expect(broken.code).toBe(3)
    expect(funda).toMatchObject({ status: 'failed', new: 0, updated: 0, withdrawn: 0 })
    expect(funda.message).toMatch(
      /^Layout changed\? No __NUXT_DATA__ on a Funda search page: layout changed at https:\/\/www\.funda\.nl\/zoeken\/.*search_result=2$/,
    )
    expect(broken.report.problems).toEqual([`funda: failed: ${funda.message}`])
    expect(fundaPublished()).toEqual(before)
    expect(changes.sites.funda.withdrawals.length).toBeGreaterThan(0)
    for (const site of MARKET_SITES)
      expect(crawler.figures(site, changes.sites[site]).withdrawnWrongly, site).toBe(0)
    // The other sites published their night.
    for (const site of MARKET_SITES.filter((s) => s !== 'funda')) {
      const figures = crawler.asItIs(site)
      expect([shareOf(figures.newShown), shareOf(figures.pricesShown)], site).toEqual([1, 1])
    }

    // Each page that failed to parse is kept under failed/, named after the run, and runs show points there.
    const failedDir = join(dir, 'failed', 'funda')
    const saved = readdirSync(failedDir).filter((f) => f.endsWith('.html'))
    expect(saved.length).toBe(funda.errors)
    expect(saved.every((f) => f.startsWith(`run-${String(broken.report.runId).padStart(6, '0')}-`))).toBe(
      true,
    )
    const shown = await crawler.cli(['runs', 'show', String(broken.report.runId)])
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toMatch(/^ {2}funda +failed /m)
    expect(shown.stdout).toContain(`funda: ${saved.length} pages saved in ${failedDir}`)

    // The layout is back: the next night publishes the market as it stands, Funda's missed night included.
    crawler.server.faults.changedListPages.clear()
    const calm = market.advanceNight()
    const after = await crawler.night()
    expect(after.code, after.report.problems.join('\n')).toBe(0)
    for (const site of MARKET_SITES) {
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
