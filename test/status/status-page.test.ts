import { readFileSync, statSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { StatusData } from '../../src/status/status-schema.js'
import { launchChromium, type StatusPageVisit, visitStatusPage } from '../../testkit/status/status-browser.js'
import { useSampleApi } from '../helpers/api-fixture.js'
import { describeWithBrowser, testBrowser } from '../helpers/browser.js'
import { runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const fixture = useSampleApi({ statusPublic: true })
const dir = useTempDir()
let browser: Browser
let base = ''

beforeAll(async () => {
  await fixture.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(fixture.app.server.address() as AddressInfo).port}`
  browser = await launchChromium(testBrowser.executablePath)
}, 60_000)
afterAll(async () => {
  await browser?.close()
})

/** The page's own charts, each drawn whatever the data. */
const PAGE_CHARTS = [
  'Health of every source, run by run',
  'Listings on offer per city and type',
  'When each source’s listings were last verified',
  'The oldest unverified listing of each source',
]

/**
 * What every visit of the page must show: drawn, no console error, nothing asked of another host, every chart with
 * data marks, and a card for each source of `data` with its listings and changes drawn.
 */
function expectDrawnPage(visit: StatusPageVisit, data: StatusData): void {
  expect(visit.drawn, visit.summary).toBe('true')
  expect(visit.errors).toEqual([])
  expect(visit.external).toEqual([])
  expect(visit.charts.filter((c) => c.source === null).map((c) => c.title)).toEqual(PAGE_CHARTS)
  expect(visit.charts.filter((c) => c.marks === 0)).toEqual([])
  expect(visit.cards.map((c) => c.id)).toEqual(data.sources.map((s) => s.id))
  for (const source of data.sources.filter((s) => s.nights.length > 0)) {
    const titles = visit.charts.filter((c) => c.source === source.id).map((c) => c.title)
    expect(titles, source.id).toEqual(
      expect.arrayContaining([
        'Listings, and each run’s status along the top',
        'New, changed and withdrawn listings; rejected rows',
      ]),
    )
    if (source.kind === 'crawl')
      expect(titles, source.id).toContain('Requests by kind, against the night’s lower bound')
  }
}

const statusData = async (app: FastifyInstance) =>
  (await app.inject({ url: '/status/data.json' })).json() as StatusData

describeWithBrowser('the status page in a real Chromium', () => {
  it('draws every chart of the sample from /status, with its files and data from the server alone', async () => {
    const screenshot = join(dir, 'status-sample.png')
    const visit = await visitStatusPage(browser, `${base}/status`, { screenshot })
    expectDrawnPage(visit, await statusData(fixture.app))
    expect(visit.summary).toMatch(/^Last run \d+ started .*: succeeded\. 7 of 7 sources ok\.$/)
    expect(visit.cards.every((c) => c.verdict === 'ok')).toBe(true)
    expect(statSync(screenshot).size).toBeGreaterThan(50_000)
  }, 120_000)

  it('draws the same page from the one file propdata report --html writes, offline', async () => {
    const file = join(dir, 'report.html')
    const written = await runCli(['report', '--html', file, '--db', fixture.config.dbPath])
    expect(written.code, written.stderr).toBe(0)
    expect(written.stdout).toMatch(
      /^Wrote .*report\.html: the last 1 runs \(the last, \d+, succeeded\) of 7 sources/,
    )
    // Everything inline: no script, style sheet or data asked of a server.
    expect(readFileSync(file, 'utf8')).not.toMatch(/<(?:script|link)[^>]+(?:src|href)="\//)
    const visit = await visitStatusPage(browser, pathToFileURL(file).href)
    expectDrawnPage(visit, await statusData(fixture.app))
  }, 120_000)

  it('draws a database without a run yet as a page that says so, without an error', async () => {
    const db = join(dir, 'empty.db')
    const file = join(dir, 'empty.html')
    expect((await runCli(['keys', 'create', 'k', '--db', db, '--quiet'])).code).toBe(0)
    const written = await runCli(['report', '--html', file, '--db', db])
    expect(written.code, written.stderr).toBe(0)
    const visit = await visitStatusPage(browser, pathToFileURL(file).href)
    expect(visit).toMatchObject({ drawn: 'true', errors: [], external: [], cards: [] })
    expect(visit.summary).toBe('No run yet: nothing to show. Run `propdata ingest`.')
  }, 120_000)

  it('reads narrow: the page fits a phone’s width and still draws every chart', async () => {
    const visit = await visitStatusPage(browser, `${base}/status`, { width: 360 })
    expectDrawnPage(visit, await statusData(fixture.app))
    expect(visit.pageWidth).toBeLessThanOrEqual(360)
  }, 120_000)
})
