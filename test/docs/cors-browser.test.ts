import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Browser, type BrowserContext, chromium } from 'playwright'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CHROMIUM_ARGS } from '../../src/fetch/browser-transport.js'
import { KEY, useSampleApi } from '../helpers/api-fixture.js'
import { describeWithBrowser, testBrowser } from '../helpers/browser.js'

// The pages come from a server of their own on 127.0.0.1: the API's origin differs by port. Under two names, two
// origins: one allowed, one not. (A page on a public origin may not call a loopback address at all: Chromium's
// Private Network Access, whatever the server answers.)
const pages = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>page</title>')
})
await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
const pagePort = (pages.address() as AddressInfo).port
const ALLOWED = `http://127.0.0.1:${pagePort}`
const OTHER = `http://localhost:${pagePort}`
const fixture = useSampleApi({ corsOrigins: [ALLOWED] })
let browser: Browser
let context: BrowserContext
let api = ''

beforeAll(async () => {
  await fixture.app.listen({ port: 0, host: '127.0.0.1' })
  api = `http://127.0.0.1:${(fixture.app.server.address() as AddressInfo).port}`
  browser = await chromium.launch({
    headless: true,
    executablePath: testBrowser.executablePath,
    args: CHROMIUM_ARGS,
  })
  context = await browser.newContext()
  // Nothing leaves the machine.
  await context.route('**/*', (route) =>
    ['127.0.0.1', 'localhost'].includes(new URL(route.request().url()).hostname)
      ? route.continue()
      : route.abort(),
  )
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => pages.close(resolve))
})

/** What `fetch` from a page on `origin` gets from the API, with the key in a header (so with a preflight). */
async function fetchFrom(origin: string, path: string) {
  const page = await context.newPage()
  try {
    await page.goto(`${origin}/`)
    return await page.evaluate(
      async ({ url, key }) => {
        try {
          const response = await fetch(url, { headers: { 'X-API-Key': key } })
          const body = (await response.json()) as { meta?: { total?: number } }
          return {
            status: response.status,
            etag: response.headers.get('ETag'),
            rateLimit: response.headers.get('RateLimit'),
            total: body.meta?.total,
            error: null,
          }
        } catch (error) {
          return { status: 0, etag: null, rateLimit: null, total: undefined, error: String(error) }
        }
      },
      { url: `${api}${path}`, key: KEY },
    )
  } finally {
    await page.close()
  }
}

describeWithBrowser('a web page on another origin, in a real browser', () => {
  it('calls the API with a key when its origin is allowed, and reads ETag and RateLimit', async () => {
    const answer = await fetchFrom(ALLOWED, '/v1/listings?city=Utrecht')
    expect(answer).toMatchObject({ status: 200, error: null })
    expect(answer.total).toBeGreaterThan(0)
    expect(answer.etag).toMatch(/^W\/"v1-g\d+"$/)
    expect(answer.rateLimit).toMatch(/^"default";r=\d+;t=\d+$/)
  })

  it('is kept out when its origin is not allowed', async () => {
    const answer = await fetchFrom(OTHER, '/v1/listings?city=Utrecht')
    expect(answer.status).toBe(0)
    expect(answer.error).toMatch(/TypeError/)
  })
})
