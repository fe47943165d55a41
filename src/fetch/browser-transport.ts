import { existsSync } from 'node:fs'
import type { Browser, BrowserContext } from 'playwright'
import { PipelineError } from '../errors.js'
import type { FetchResponse, Transport } from './types.js'

/** Where Chromium is: the configured path, Debian's, or null to let Playwright use its own download. */
export function findChromium(configured?: string): string | null {
  if (configured) return configured
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate
  }
  return null
}

/** Flags that keep a headless Chromium quiet on a closed network and runnable as root in containers. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

/**
 * Rendered or bot-walled pages through Playwright and Chromium: one browser per run, a small pool of pages
 * reused across requests, closed on every exit path by `close()`. Throws a clear error when no browser exists.
 */
export async function createBrowserTransport(
  options: { executablePath?: string; pages?: number } = {},
): Promise<Transport> {
  const { chromium } = await import('playwright')
  const executablePath = findChromium(options.executablePath) ?? undefined
  let browser: Browser
  try {
    browser = await chromium.launch({ headless: true, executablePath, args: CHROMIUM_ARGS })
  } catch (error) {
    throw new PipelineError(
      'FETCH_FAILED',
      `No usable Chromium (tried ${executablePath ?? "Playwright's own"}). Install one (apt-get install -y chromium, or npx playwright install chromium) or set PROPDATA_CHROMIUM.`,
      {},
      { cause: error },
    )
  }
  const context: BrowserContext = await browser.newContext({ locale: 'nl-NL' })
  const idle: import('playwright').Page[] = []
  const size = options.pages ?? 2

  return {
    name: 'browser',
    async fetch(request, transportOptions): Promise<FetchResponse> {
      if (request.method === 'POST')
        throw new PipelineError('FETCH_FAILED', 'The browser transport only does GET')
      const page = idle.pop() ?? (await context.newPage())
      try {
        await page.setExtraHTTPHeaders({ 'user-agent': transportOptions.userAgent, ...request.headers })
        const response = await page.goto(request.url, {
          waitUntil: 'domcontentloaded',
          timeout: transportOptions.timeoutMs,
        })
        // Give client-side rendering a moment to settle; bounded so a chatty page cannot stall the run.
        await page
          .waitForLoadState('networkidle', { timeout: Math.min(5_000, transportOptions.timeoutMs) })
          .catch(() => {})
        const body = await page.content()
        if (Buffer.byteLength(body) > transportOptions.maxBodyBytes) {
          throw new PipelineError(
            'FETCH_FAILED',
            `Rendered page exceeds ${transportOptions.maxBodyBytes} bytes`,
          )
        }
        const headers = (await response?.allHeaders()) ?? {}
        return {
          url: page.url(),
          status: response?.status() ?? 200,
          headers,
          body,
          fetchedAt: new Date().toISOString(),
          rendered: true,
        }
      } finally {
        if (idle.length < size && !page.isClosed()) idle.push(page)
        else await page.close().catch(() => {})
      }
    },
    async close() {
      await context.close().catch(() => {})
      await browser.close().catch(() => {})
    },
  }
}
