import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { crawlSource } from '../../src/crawl/crawl-source.js'
import { BrowserUnavailableError, FetchError } from '../../src/errors.js'
import { createBrowserTransport } from '../../src/fetch/index.js'
import { HTML_HOMES, htmlHomesSource, htmlSiteRoutes, renderedListPage } from '../crawl/test-sources.js'
import { describeWithBrowser, testBrowser } from '../helpers/browser.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { chromiumChildren } from './chromium-processes.js'
import { OPEN, TEST_USER_AGENT, useHarness } from './harness.js'

const h = useHarness()
const dir = useTempDir()
const SINGLE = { concurrency: 1, intervalCap: Number.POSITIVE_INFINITY, interval: 0 }

/** A fetcher whose browser is real Chromium. */
const browserFetcher = (options: Parameters<typeof h.fetcher>[0] = {}) =>
  h.fetcher({
    browser: () => createBrowserTransport({ executablePath: testBrowser.executablePath }),
    ...options,
  })

const cards = (html: string) => load(html)('article.home').length

// Without a Chromium (a bare machine), these cannot run; everything else about browser sources still is tested.
describeWithBrowser('browser transport, in real Chromium', () => {
  it('sees the listings a page renders with JavaScript, where plain HTTP sees none', async () => {
    const site = await h.site({ '/homes': { body: renderedListPage(HTML_HOMES) } })
    const { fetcher } = browserFetcher()

    const plain = await fetcher.fetch({ url: site.url('/homes') }, OPEN)
    const rendered = await fetcher.fetch({ url: site.url('/homes'), render: 'browser' }, OPEN)

    expect(cards(plain.body)).toBe(0)
    expect(cards(rendered.body)).toBe(HTML_HOMES.length)
    expect(rendered).toMatchObject({ status: 200, rendered: true, url: site.url('/homes') })
    // The User-Agent is the browser context's: the server gets it, and so do the page's scripts.
    expect(load(rendered.body)('#ua').text()).toBe(TEST_USER_AGENT)
    expect(new Set(site.requests.map((r) => r.headers['user-agent']))).toEqual(new Set([TEST_USER_AGENT]))
    expect(site.hits('/homes')).toBe(2)
    // Images are not downloaded: the DOM is all we read.
    expect(site.hits('/pixel.png')).toBe(0)
  })

  it('turns a rendering-only site from a layout failure into a working source', async () => {
    const site = await h.site({
      ...htmlSiteRoutes(HTML_HOMES),
      '/homes': { body: renderedListPage(HTML_HOMES) },
    })
    const { fetcher } = browserFetcher()
    const run = (render: 'http' | 'browser') =>
      crawlSource(htmlHomesSource(`rendered-${render}`, site.origin, { render }), {
        fetcher,
        scope: { cities: [], types: ['rent'] },
        failedDir: dir,
        onListing: () => {},
        onReject: () => {},
      })
    expect(await run('http')).toMatchObject({ status: 'failed', layoutChanged: true, listings: 0 })
    expect(await run('browser')).toMatchObject({ status: 'ok', listings: 3 })
  })

  it('runs one browser for many requests, reuses its pages, and leaves no Chromium behind on close', async () => {
    const visit = `<p id="visit"></p><script>
      sessionStorage.n = String(Number(sessionStorage.n ?? 0) + 1);
      document.getElementById('visit').textContent = sessionStorage.n;</script>`
    const site = await h.site({ '/p': { body: visit } })
    const before = chromiumChildren()
    const { fetcher } = browserFetcher()

    const visits: string[] = []
    for (const q of ['1', '2', '3']) {
      const page = await fetcher.fetch({ url: site.url(`/p?${q}`), render: 'browser' }, SINGLE)
      visits.push(load(page.body)('#visit').text())
    }
    await Promise.all(
      ['4', '5', '6'].map((q) => fetcher.fetch({ url: site.url(`/p?${q}`), render: 'browser' }, OPEN)),
    )

    // The same tab each time: its sessionStorage survives from one request to the next.
    expect(visits).toEqual(['1', '2', '3'])
    expect(chromiumChildren() - before).toBe(1)
    await fetcher.close()
    expect(chromiumChildren()).toBe(before)
  })

  it('bounds a render by the timeout', async () => {
    const site = await h.site({ '/hang': () => undefined })
    const { fetcher } = browserFetcher({ timeoutMs: 1_500, retry: { maxRetries: 0 } })
    const error = await fetcher
      .fetch({ url: site.url('/hang'), render: 'browser' }, OPEN)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FetchError)
    expect((error as Error).message).toBe('Timed out after 1500 ms (1 attempt)')
  })

  it('closes Chromium when the run is aborted in the middle of a render', async () => {
    const site = await h.site({ '/hang': () => undefined })
    const before = chromiumChildren()
    const run = new AbortController()
    const { fetcher } = browserFetcher({ signal: run.signal })

    const pending = fetcher
      .fetch({ url: site.url('/hang'), render: 'browser' }, OPEN)
      .catch((e: unknown) => e)
    await expect.poll(() => site.hits('/hang'), { timeout: 20_000 }).toBe(1)
    run.abort(new Error('run deadline'))

    expect(((await pending) as Error).message).toBe('Stopped: run deadline')
    await fetcher.close()
    expect(chromiumChildren()).toBe(before)
  })
})

describe('browser sources without a browser', () => {
  it('fail with BrowserUnavailableError before anything is sent, naming the Chromium that was tried', async () => {
    const site = await h.site({ '/homes': { body: 'x' } })
    const { fetcher } = h.fetcher({
      browser: () => createBrowserTransport({ executablePath: '/nonexistent/chromium' }),
    })
    const error = await fetcher
      .fetch({ url: site.url('/homes'), render: 'browser' }, OPEN)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BrowserUnavailableError)
    expect((error as Error).message).toMatch(/^No usable Chromium: \/nonexistent\/chromium did not start \(/)
    expect((error as Error).message).toMatch(/set PROPDATA_CHROMIUM\.$/)
    expect(site.requests).toEqual([])
    // The launch is tried once per run, not once per request.
    await expect(fetcher.fetch({ url: site.url('/homes'), render: 'browser' }, OPEN)).rejects.toBe(error)
  })
})
