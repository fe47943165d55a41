import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/api/app.js'
import type { Config } from '../../src/config.js'
import type { ListingSource } from '../../src/kit/adapter.js'
import { type IngestOptions, type RunReport, runIngest } from '../../src/pipeline/ingest.js'
import { openStore, type Store } from '../../src/store/database.js'
import {
  HTML_HOMES,
  htmlHomesSource,
  htmlSiteRoutes,
  JSON_HOMES,
  jsonHomesSource,
  jsonSiteRoutes,
  listPage,
  type TestHome,
} from '../crawl/test-sources.js'
import { chromiumChildren } from '../fetch/chromium-processes.js'
import { INTERSTITIALS } from '../fetch/interstitials.js'
import { type LocalSite, startLocalSite } from '../fetch/local-site.js'
import { itWithBrowser, testBrowser } from '../helpers/browser.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
const KEY = 'faults-test-key-0123456789'
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.allSettled(closers.splice(0).map((close) => close()))
})

/** Run 2 of site B: b1's rent went up, b3 is new. */
const JSON_HOMES_2: readonly TestHome[] = [
  { ...JSON_HOMES[0]!, price: 1050 },
  JSON_HOMES[1]!,
  {
    id: 'b3',
    street: 'Folkingestraat',
    number: '9',
    postcode: '9711 JT',
    city: 'Groningen',
    price: 1150,
    area: 47,
  },
]

/** Two local sites, two test adapters over them, and a real SQLite store in a folder of its own. */
async function twoSources(name: string, renderA: 'http' | 'browser' = 'http') {
  const root = join(dir, name)
  mkdirSync(root, { recursive: true })
  const config = testConfig(root, { envApiKeys: [KEY], chromiumPath: testBrowser.executablePath })
  const store = await openStore(config.dbPath)
  const a = await startLocalSite(htmlSiteRoutes(HTML_HOMES))
  const b = await startLocalSite(jsonSiteRoutes(JSON_HOMES))
  closers.push(a.close, b.close, () => store.close())
  const sources: ListingSource[] = [
    htmlHomesSource('site-a', a.origin, { render: renderA }),
    jsonHomesSource('site-b', b.origin),
  ]
  const run = (overrides: Partial<IngestOptions> = {}): Promise<RunReport> =>
    runIngest({
      store,
      config,
      sources,
      scope: { cities: ['Utrecht', 'Groningen'], types: ['rent'] },
      mode: 'live',
      logger: SILENT_LOGGER,
      ...overrides,
    })
  return { root, config, store, a, b, run }
}

/** The source listing ids a source has on offer, as the store holds them. */
async function activeIds(store: Store, sourceId: string): Promise<string[]> {
  const rows = await store.db
    .selectFrom('observations')
    .select('source_listing_id')
    .where('source_id', '=', sourceId)
    .where('status', '=', 'active')
    .orderBy('source_listing_id')
    .execute()
  return rows.map((r) => r.source_listing_id)
}

/** What the API serves for a city, through a read-only handle as `serve` opens it. */
async function servedIds(config: Config, city: string): Promise<string[]> {
  const readonly = await openStore(config.dbPath, { readonly: true })
  const app = await buildApp({ store: readonly, config })
  try {
    const response = await app.inject({ url: `/v1/listings?city=${city}`, headers: { 'x-api-key': KEY } })
    expect(response.statusCode).toBe(200)
    const body = response.json() as { data: { source: { url: string } }[] }
    return body.data.map((l) => l.source.url.split('/').pop()!).sort()
  } finally {
    await app.close()
    await readonly.close()
  }
}

/** Run 1 (both fine) then, after `breakA`, run 2: checks what every failure of site A must leave intact. */
async function secondRunWithAFailing(
  setup: Awaited<ReturnType<typeof twoSources>>,
  breakA: (a: LocalSite) => void,
  secondRun: Partial<IngestOptions> = {},
) {
  const first = await setup.run()
  expect(first).toMatchObject({ status: 'succeeded', exitCode: 0, problems: [] })
  expect(await activeIds(setup.store, 'site-a')).toEqual(['a1', 'a2', 'a3'])

  breakA(setup.a)
  setup.b.route('/api/homes', jsonSiteRoutes(JSON_HOMES_2)['/api/homes']!)
  const second = await setup.run(secondRun)

  expect(second).toMatchObject({ status: 'partial', exitCode: 3 })
  expect(second.problems).toHaveLength(1)
  // Site A keeps what run 1 published; site B publishes its changes.
  expect(await activeIds(setup.store, 'site-a')).toEqual(['a1', 'a2', 'a3'])
  expect(await servedIds(setup.config, 'Utrecht')).toEqual(['a1', 'a2', 'a3'])
  expect(second.sources.find((s) => s.source === 'site-b')).toMatchObject({
    status: 'ok',
    new: 1,
    updated: 1,
  })
  expect(await servedIds(setup.config, 'Groningen')).toEqual(['b1', 'b2', 'b3'])
  const stored = await setup.store.db
    .selectFrom('run_sources')
    .select(['source_id', 'status', 'message'])
    .where('run_id', '=', second.runId)
    .orderBy('source_id')
    .execute()
  expect(stored.map((r) => r.status)).toEqual([second.sources[0]!.status, 'ok'])
  return second
}

describe('a run in which one source goes wrong', () => {
  it('a failing site (HTTP 500 after retries): exit 3, the report says why, its listings stay', async () => {
    const setup = await twoSources('failed')
    const report = await secondRunWithAFailing(setup, (a) => a.route('/homes', { status: 500, body: 'down' }))
    expect(report.sources[0]).toMatchObject({ source: 'site-a', status: 'failed', listings: 0, withdrawn: 0 })
    expect(report.problems).toEqual([`site-a: failed: HTTP 500 (4 attempts) at ${setup.a.url('/homes')}`])
  }, 60_000)

  it('a blocked site: exit 3, it stops fetching at the interstitial, and stays blocked-but-kept run after run', async () => {
    const setup = await twoSources('blocked')
    let hitsBefore = 0
    const report = await secondRunWithAFailing(setup, (a) => {
      hitsBefore = a.requests.length
      a.route('/homes/a1', { body: INTERSTITIALS.funda })
    })
    expect(report.sources[0]).toMatchObject({ source: 'site-a', status: 'blocked', withdrawn: 0 })
    expect(report.problems).toEqual([
      `site-a: blocked: Blocked by funda-akamai-interstitial at ${setup.a.url('/homes/a1')}`,
    ])
    // Page 2 (and so a3) was never asked for once a1 came back as a challenge.
    const secondRun = setup.a.requests.slice(hitsBefore).map((r) => r.path)
    expect(secondRun).not.toContain('/homes?page=2')
    expect(secondRun).not.toContain('/homes/a3')

    // More blocked runs than PROPDATA_WITHDRAW_AFTER: still nothing withdrawn.
    for (let i = 0; i < 2; i++) expect((await setup.run()).exitCode).toBe(3)
    expect(await activeIds(setup.store, 'site-a')).toEqual(['a1', 'a2', 'a3'])
  }, 60_000)

  it('a changed layout: exit 3, failed not empty, the page kept under failed/, nothing withdrawn', async () => {
    const setup = await twoSources('layout')
    const redesigned = listPage([]).replace('<main>', '<main><div class="result-card">Oudegracht 12</div>')
    const report = await secondRunWithAFailing(setup, (a) => a.route('/homes', { body: redesigned }))
    expect(report.sources[0]).toMatchObject({ source: 'site-a', status: 'failed', listings: 0, withdrawn: 0 })
    expect(report.problems).toEqual([
      `site-a: failed: Layout changed? A full list page yielded no listings at ${setup.a.url('/homes')}`,
    ])
    const failedDir = join(setup.config.dataDir, 'failed', 'site-a')
    const pages = readdirSync(failedDir).filter((f) => f.endsWith('.html'))
    expect(pages).toHaveLength(1)
    expect(pages[0]).toMatch(new RegExp(`^run-${String(report.runId).padStart(6, '0')}-`))
    expect(readFileSync(join(failedDir, pages[0]!), 'utf8')).toContain('result-card')
    const sidecar = JSON.parse(readFileSync(join(failedDir, pages[0]!.replace(/\.html$/, '.json')), 'utf8'))
    expect(sidecar).toMatchObject({ runId: report.runId, url: setup.a.url('/homes') })
  }, 60_000)

  itWithBrowser(
    'a browser source with no browser: skipped with the reason, exit 3, its listings stay',
    async () => {
      const setup = await twoSources('no-browser', 'browser')
      // Run 1 renders site A in Chromium; run 2 happens on a machine whose Chromium is gone.
      const noChromium = testConfig(setup.root, { envApiKeys: [KEY], chromiumPath: '/nonexistent/chromium' })
      const report = await secondRunWithAFailing(setup, () => {}, { config: noChromium })
      expect(report.sources[0]).toMatchObject({ source: 'site-a', status: 'skipped', pages: 0, withdrawn: 0 })
      expect(report.problems[0]).toMatch(
        /^site-a: skipped: Needs a browser: No usable Chromium: \/nonexistent\/chromium did not start \(.+\)\. Install one/,
      )
      // Run 1 fetched the list pages and the details; run 2 sent nothing at all to site A.
      expect(setup.a.requests.filter((r) => r.path !== '/robots.txt')).toHaveLength(HTML_HOMES.length + 2)
    },
    120_000,
  )

  itWithBrowser(
    'a run aborted by its signal mid-render: stopped, exit 3, and no Chromium left running',
    async () => {
      const setup = await twoSources('aborted', 'browser')
      setup.a.route('/homes', () => undefined) // renders forever
      const before = chromiumChildren()
      const run = new AbortController()
      const pending = setup.run({ signal: run.signal })
      await expect.poll(() => setup.a.hits('/homes'), { timeout: 30_000 }).toBe(1)
      expect(chromiumChildren()).toBe(before + 1)
      run.abort(new Error('run deadline'))

      const report = await pending
      expect(report).toMatchObject({ status: 'stopped', exitCode: 3 })
      expect(report.sources[0]).toMatchObject({ source: 'site-a', status: 'stopped' })
      expect(chromiumChildren()).toBe(before)
    },
    120_000,
  )
})
