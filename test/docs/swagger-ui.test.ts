import type { AddressInfo } from 'node:net'
import { type Browser, chromium, type Page } from 'playwright'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CHROMIUM_ARGS } from '../../src/fetch/browser-transport.js'
import { KEY, useSampleApi } from '../helpers/api-fixture.js'
import { describeWithBrowser, testBrowser } from '../helpers/browser.js'

const fixture = useSampleApi()
let browser: Browser
let page: Page
let base = ''
/** Every request the page made, and those that tried to leave 127.0.0.1 (aborted, never sent). */
const requests: { url: string; headers: Record<string, string> }[] = []
const external: string[] = []

beforeAll(async () => {
  await fixture.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(fixture.app.server.address() as AddressInfo).port}`
  browser = await chromium.launch({
    headless: true,
    executablePath: testBrowser.executablePath,
    args: CHROMIUM_ARGS,
  })
  const context = await browser.newContext()
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1')
      return route.continue()
    external.push(url.href)
    return route.abort()
  })
  page = await context.newPage()
  page.on('request', (request) => requests.push({ url: request.url(), headers: request.headers() }))
  await page.goto(`${base}/docs`)
}, 60_000)
afterAll(async () => {
  await browser?.close()
})

/** An operation's block; Swagger UI names it by its tag and operationId. */
const operation = (id: string) => page.locator(`#operations-${id}`)

describeWithBrowser('/docs in a real browser', () => {
  it('shows both endpoints and their parameters', async () => {
    await page.locator('.opblock').first().waitFor()
    const paths = await page.locator('.opblock-summary-path').allTextContents()
    expect(paths.map((p) => p.replace(/\u200b/g, ''))).toEqual(
      expect.arrayContaining(['/v1/listings', '/v1/properties/{bag_id}']),
    )
    await operation('Properties-getProperty').locator('.opblock-summary').click()
    await expect
      .poll(() => operation('Properties-getProperty').locator('.parameter__name').allTextContents(), {
        timeout: 10_000,
      })
      .toEqual([expect.stringContaining('bag_id')])
    await operation('Listings-searchListings').locator('.opblock-summary').click()
    // The expanded block renders after the click returns: poll until its parameters are there.
    const names = async () =>
      (await operation('Listings-searchListings').locator('.parameter__name').allTextContents()).map((n) =>
        n.replace(/\s|\*|required/g, ''),
      )
    await expect
      .poll(names, { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['city', 'min_price', 'max_price', 'type', 'page', 'page_size']))
  })

  it('authorises with a key through the Authorize dialog and executes GET /v1/listings from the page', async () => {
    await page.locator('.auth-wrapper .authorize').click()
    const dialog = page.locator('.modal-ux')
    await dialog.getByLabel('Value:').fill(KEY)
    await dialog.getByRole('button', { name: 'Apply credentials' }).click()
    await dialog.getByText('Authorized', { exact: true }).waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()

    const listings = operation('Listings-searchListings')
    const tryIt = listings.locator('button.try-out__btn')
    if ((await tryIt.textContent())?.includes('Try it out')) await tryIt.click()
    await listings.locator('button.execute').click()
    const live = listings.locator('.live-responses-table .response')
    await live.first().waitFor()
    expect((await live.locator('.response-col_status').first().textContent())?.trim()).toBe('200')
    // The response body as the page shows it, highlighted.
    expect(await live.locator('.response-col_description .highlight-code').first().textContent()).toMatch(
      /"id": "lis_\d+"/,
    )
    const call = requests.find((r) => new URL(r.url).pathname === '/v1/listings')
    expect(call?.headers['x-api-key']).toBe(KEY)
  })

  it('loads everything from 127.0.0.1: no CDN, no other host', () => {
    expect(requests.length).toBeGreaterThan(3)
    expect(external).toEqual([])
    for (const r of requests) expect(new URL(r.url).host).toBe(new URL(base).host)
  })
})
