import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp } from '../../src/api/app.js'
import { type StatusData, statusDataSchema } from '../../src/status/status-schema.js'
import { openStore } from '../../src/store/database.js'
import { type MarketNights, marketNights } from '../../testkit/market/market-nights.js'
import { launchChromium, visitStatusPage } from '../../testkit/status/status-browser.js'
import { describeWithBrowser, testBrowser } from '../helpers/browser.js'
import { testConfig } from '../helpers/sample-database.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
const NIGHTS = 30
let nights: MarketNights
let app: FastifyInstance
let browser: Browser
let base = ''

// A month of nights of a simulated market; on the last, Pararius's list pages come in a layout its parser does not
// know (the market's fault switch), so Pararius fails that night.
beforeAll(async () => {
  nights = await marketNights({
    dir,
    homes: 300,
    nights: NIGHTS,
    beforeNight: (night, server) => {
      if (night === NIGHTS - 1) server.faults.changedLayouts.add('pararius')
    },
  })
  const store = await openStore(nights.db, { readonly: true })
  app = await buildApp({ store, config: testConfig(dir, { dbPath: nights.db, statusPublic: true }) })
  app.addHook('onClose', async () => store.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  browser = await launchChromium(testBrowser.executablePath)
}, 600_000)
afterAll(async () => {
  await browser?.close()
  await app?.close()
})

describeWithBrowser('the status page on a month of simulated nights', () => {
  it('gives every source a line of each of the 30 runs, the failed night as failed, as the schema says', async () => {
    expect(nights.reports.at(-1)?.sources.find((s) => s.source === 'pararius')?.status).toBe('failed')
    const data = statusDataSchema.parse((await app.inject({ url: '/status/data.json' })).json()) as StatusData
    expect(data.runs).toHaveLength(NIGHTS)
    expect(data.sources[0]?.id).toBe('pararius')
    for (const source of data.sources) expect(source.nights, source.id).toHaveLength(NIGHTS)
    const pararius = data.sources[0]!
    expect(pararius.nights.at(-1)).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^Layout changed/),
    })
    expect(pararius.nights.slice(0, -1).every((n) => n.status === 'ok')).toBe(true)
    // What the nights did shows: listings came and went, and each crawl kept above its lower bound.
    const funda = data.sources.find((s) => s.id === 'funda')!
    expect(funda.nights.slice(1).some((n) => n.new > 0 && n.withdrawn > 0)).toBe(true)
    for (const n of funda.nights) expect(n.requests!.total).toBeGreaterThanOrEqual(n.lower_bound!)
  })

  it('draws every chart with data, shows Pararius failed first, and says so in its summary', async () => {
    const data = (await app.inject({ url: '/status/data.json' })).json() as StatusData
    const visit = await visitStatusPage(browser, `${base}/status`)
    expect(visit.drawn, visit.summary).toBe('true')
    expect(visit.errors).toEqual([])
    expect(visit.external).toEqual([])
    expect(visit.charts.filter((c) => c.marks === 0)).toEqual([])
    expect(visit.charts.length).toBeGreaterThanOrEqual(4 + 2 * data.sources.length)
    expect(visit.cards[0]).toMatchObject({
      id: 'pararius',
      verdict: 'failed',
      message: expect.stringMatching(/^Last run failed: Layout changed/),
    })
    expect(visit.cards.slice(1).every((c) => c.verdict === 'ok')).toBe(true)
    const sources = data.sources.length
    expect(visit.summary).toMatch(
      new RegExp(`: partial\\. ${sources - 1} of ${sources} sources ok; Pararius failed\\.$`),
    )
  }, 120_000)
})
