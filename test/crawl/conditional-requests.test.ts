import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { ArchiveIndexEntry } from '../../src/fetch/archive/warc-recorder.js'
import { type IngestOptions, type RunReport, runIngest } from '../../src/pipeline/ingest.js'
import { openStore, type Store } from '../../src/store/database.js'
import { type LocalSite, type StaticAnswer, startLocalSite } from '../fetch/local-site.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { HTML_HOMES, htmlHomesSource, htmlSiteRoutes, type TestHome } from './test-sources.js'

const dir = useTempDir()
const FIRST_VERSION = 'Wed, 25 Nov 2026 10:00:00 GMT'
const LATER_VERSION = 'Thu, 26 Nov 2026 10:00:00 GMT'

/** The HTML test site, sending an ETag (a digest of the page) and a Last-Modified with every page. */
interface ValidatingSite {
  readonly site: LocalSite
  homes: TestHome[]
  /** False: the site sends validators but ignores conditional requests, answering every one in full. */
  honours: boolean
}

async function startValidatingSite(honours: boolean): Promise<ValidatingSite> {
  const state: Omit<ValidatingSite, 'site'> = { homes: [...HTML_HOMES], honours }
  const firstBodies = htmlSiteRoutes(HTML_HOMES)
  const routes = Object.fromEntries(
    Object.keys(firstBodies).map((path) => [
      path,
      (request: { headers: Record<string, string | string[] | undefined> }) => {
        const { body } = htmlSiteRoutes(state.homes)[path] as StaticAnswer
        const etag = `"${createHash('sha1').update(body).digest('hex')}"`
        const lastModified = body === (firstBodies[path] as StaticAnswer).body ? FIRST_VERSION : LATER_VERSION
        const headers = { etag, 'last-modified': lastModified }
        if (state.honours && request.headers['if-none-match'] === etag)
          return { status: 304, headers, body: '' }
        return { headers, body }
      },
    ]),
  )
  const site = await startLocalSite(routes)
  return Object.assign(state, { site })
}

/** A store of its own, and runs of the HTML source over `site` that count what the adapter parsed. */
async function crawler(name: string, site: ValidatingSite) {
  const root = join(dir, name)
  mkdirSync(root, { recursive: true })
  // A full crawl: its cardless detail pages are asked for conditionally, as every page was before crawls were
  // incremental (test/crawl/incremental-crawl.test.ts covers those).
  const config = { ...testConfig(root), crawl: 'full' as const }
  const store = await openStore(config.dbPath)
  const parsed: string[] = []
  const plain = htmlHomesSource('site', site.site.origin)
  const source = htmlHomesSource('site', site.site.origin, {
    parseListPage: (page) => {
      parsed.push(page.url)
      return plain.parseListPage(page)
    },
    parseDetailPage: (page) => {
      parsed.push(page.url)
      return plain.parseDetailPage!(page)
    },
  })
  const base = { store, config, sources: [source], logger: SILENT_LOGGER }
  const run = async (extra: Partial<IngestOptions> = {}) => {
    parsed.length = 0
    const from = site.site.requests.length
    const report = await runIngest({
      ...base,
      scope: { cities: ['Utrecht'], types: ['rent'] },
      mode: 'live',
      ...extra,
    })
    const requests = site.site.requests.slice(from).filter((r) => r.path.startsWith('/homes'))
    return { report, source: report.sources[0]!, parsed: [...parsed], requests }
  }
  return { store, run }
}

/** The published listings, without what differs between runs. */
const published = (store: Store) =>
  store.sqlite
    .prepare('select status, street, number, price, source_url from listings order by source_url')
    .all()

const archived = (report: RunReport) =>
  readFileSync(`${report.archive!}.cdxj`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line.slice(line.indexOf('{'))) as ArchiveIndexEntry)
    .filter((e) => new URL(e.url).pathname.startsWith('/homes'))

const PAGES = 5 // two list pages and three detail pages

describe('conditional requests', () => {
  it('a second run asks with validators, takes 304s for the memo, parses nothing and archives them', async () => {
    const site = await startValidatingSite(true)
    const { store, run } = await crawler('honours', site)

    const first = await run()
    expect(first.report.status).toBe('succeeded')
    expect(first.parsed).toHaveLength(PAGES)
    expect(first.requests.every((r) => r.headers['if-none-match'] === undefined)).toBe(true)
    expect(first.source).toMatchObject({ pages: PAGES, pagesUnchanged: 0, pagesNotModified: 0 })
    const listings = published(store)
    expect(listings).toHaveLength(HTML_HOMES.length)

    const second = await run()
    expect(second.report.status).toBe('succeeded')
    expect(second.requests).toHaveLength(PAGES)
    for (const r of second.requests) {
      expect(r.headers['if-none-match'], r.path).toMatch(/^"[0-9a-f]{40}"$/)
      expect(r.headers['if-modified-since'], r.path).toBe(FIRST_VERSION)
    }
    expect(second.parsed).toEqual([])
    expect(second.source).toMatchObject({
      pages: PAGES,
      pagesUnchanged: PAGES,
      pagesNotModified: PAGES,
      listings: HTML_HOMES.length,
      unchanged: HTML_HOMES.length,
      new: 0,
      updated: 0,
      withdrawn: 0,
    })
    expect(published(store)).toEqual(listings)

    // The archive holds each 304 as it came, with the conditional request it answered.
    expect(archived(second.report).map((e) => e.status)).toEqual(Array(PAGES).fill(304))
    const text = gunzipSync(readFileSync(second.report.archive!)).toString('utf8')
    expect(text.match(/^if-none-match: "/gim)).toHaveLength(PAGES)
    expect(text.match(/^HTTP\/1\.1 304 Not Modified/gm)).toHaveLength(PAGES)

    // Replayed, the archive's 304s take the memo again.
    const replayed = await run({ mode: 'replay', archives: [second.report.archive!] })
    expect(replayed.requests).toEqual([])
    expect(replayed.source).toMatchObject({ status: 'ok', pagesNotModified: PAGES, pagesFailed: 0 })
    expect(published(store)).toEqual(listings)

    // A page that changed comes with a new ETag and is parsed; the others are still 304s.
    site.homes = site.homes.map((h) => (h.id === 'a1' ? { ...h, price: 1500 } : h))
    const third = await run()
    expect(third.parsed).toEqual([site.site.url('/homes/a1')])
    expect(third.source).toMatchObject({ pages: PAGES, pagesNotModified: PAGES - 1, updated: 1 })
    expect(published(store)).toContainEqual(expect.objectContaining({ street: 'Oudegracht', price: 1500 }))
    const fourth = await run()
    expect(fourth.requests.find((r) => r.path === '/homes/a1')?.headers['if-modified-since']).toBe(
      LATER_VERSION,
    )
    expect(fourth.source).toMatchObject({ pagesNotModified: PAGES, updated: 0 })

    // A 304 the database has no memo for fails that page, as a failed fetch does; the listing is kept.
    store.sqlite.prepare("delete from page_memos where page_key like '%/homes/a2'").run()
    const forgotten = await run({ mode: 'replay', archives: [second.report.archive!] })
    expect(forgotten.source).toMatchObject({ status: 'ok', pagesFailed: 1, pagesNotModified: PAGES - 1 })
    expect(forgotten.source.message).toMatch(/HTTP 304 for a page not remembered here at .*\/homes\/a2$/)
    expect(forgotten.source.withdrawn).toBe(0)
    expect(published(store)).toHaveLength(HTML_HOMES.length)
    expect(published(store)).toContainEqual(
      expect.objectContaining({ street: 'Biltstraat', status: 'active' }),
    )

    await store.close()
    await site.site.close()
  }, 120_000)

  it('a site that ignores conditional requests is crawled as before: unchanged pages not parsed', async () => {
    const site = await startValidatingSite(false)
    const { store, run } = await crawler('ignores', site)
    await run()
    const second = await run()
    expect(second.requests.every((r) => r.headers['if-none-match'] !== undefined)).toBe(true)
    expect(second.parsed).toEqual([])
    expect(second.source).toMatchObject({ pages: PAGES, pagesUnchanged: PAGES, pagesNotModified: 0 })
    expect(archived(second.report).map((e) => e.status)).toEqual(Array(PAGES).fill(200))
    await store.close()
    await site.site.close()
  }, 120_000)
})
