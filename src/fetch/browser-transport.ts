import { existsSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright'
import { BrowserUnavailableError, FetchError } from '../errors.js'
import type { FetchRequest, FetchResponse, Transport, TransportOptions } from './types.js'
import { methodOf } from './types.js'

/** Where Debian and Ubuntu put Chromium; tried in order after `PROPDATA_CHROMIUM`. */
const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser']

/** Where Chromium is: the configured path, a system one, or null to let Playwright use its own download. */
export function findChromium(configured?: string): string | null {
  if (configured) return configured
  return SYSTEM_CHROMIUMS.find((candidate) => existsSync(candidate)) ?? null
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

/** Options for {@link createBrowserTransport}. */
export interface BrowserTransportOptions {
  /** @default `findChromium()`: a system Chromium, else Playwright's own */
  readonly executablePath?: string
  /** Idle pages kept for reuse. @default 2 */
  readonly pages?: number
  /** @default 30000 */
  readonly launchTimeoutMs?: number
  /** Skip images, fonts and media: we only read the DOM, and the site is spared the bytes. @default true */
  readonly blockAssets?: boolean
}

/** How long a page may keep the network busy after its DOM is ready, for client-side rendering to settle. */
const SETTLE_MS = 5_000
const ASSET_TYPES = new Set(['image', 'font', 'media'])

/**
 * Rendered or bot-walled pages through Playwright and Chromium: one browser per transport (the fetcher makes one
 * per run), pages reused across requests, everything closed by `close()`. The User-Agent is set on the browser
 * context, so scripts see it too. Throws {@link BrowserUnavailableError} when Chromium cannot be launched.
 */
export async function createBrowserTransport(options: BrowserTransportOptions = {}): Promise<Transport> {
  const executablePath = findChromium(options.executablePath)
  const browser = await launch(executablePath, options.launchTimeoutMs ?? 30_000)
  const keepIdle = options.pages ?? 2
  const idle: Page[] = []
  let context: Promise<BrowserContext> | undefined
  let closed = false
  let crashed = false
  browser.on('disconnected', () => {
    crashed = !closed
  })

  return {
    name: 'browser',
    async fetch(request, transportOptions) {
      if (closed || crashed) {
        if (crashed) throw new BrowserUnavailableError('Chromium exited during the run', { executablePath })
        throw new FetchError('The browser transport is closed', { url: request.url })
      }
      if (methodOf(request) !== 'GET') {
        throw new FetchError('The browser transport only does GET', { url: request.url })
      }
      // The context is made on first use because the User-Agent comes with the request options.
      context ??= newContext(browser, transportOptions.userAgent, options.blockAssets ?? true)
      const page = idle.pop() ?? (await (await context).newPage())
      let reusable = false
      try {
        const response = await renderPage(page, request, transportOptions)
        reusable = true
        return response
      } finally {
        // A page that failed may still be navigating or half-closed: only clean ones go back to the pool.
        if (reusable && !closed && idle.length < keepIdle) idle.push(page)
        else await page.close().catch(() => {})
      }
    },
    async close() {
      if (closed) return
      closed = true
      idle.length = 0
      // Closing the browser closes its contexts and pages, including any still rendering.
      await browser.close().catch(() => {})
    },
  }
}

async function launch(executablePath: string | null, timeout: number): Promise<Browser> {
  const where = executablePath ?? "Playwright's own Chromium"
  try {
    const { chromium } = await import('playwright')
    return await chromium.launch({
      headless: true,
      executablePath: executablePath ?? undefined,
      args: CHROMIUM_ARGS,
      timeout,
    })
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]
    throw new BrowserUnavailableError(
      `No usable Chromium: ${where} did not start (${reason}). Install one (apt-get install -y chromium, ` +
        'or npx playwright install chromium) or set PROPDATA_CHROMIUM.',
      { executablePath },
      { cause: error },
    )
  }
}

async function newContext(
  browser: Browser,
  userAgent: string,
  blockAssets: boolean,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    userAgent,
    locale: 'nl-NL',
    extraHTTPHeaders: { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8' },
  })
  if (blockAssets) {
    await context.route('**/*', (route) =>
      ASSET_TYPES.has(route.request().resourceType()) ? route.abort() : route.continue(),
    )
  }
  return context
}

/** Navigates, lets scripts render, and returns the DOM; the whole of it within `timeoutMs`, cut short by an abort. */
async function renderPage(
  page: Page,
  request: FetchRequest,
  options: TransportOptions,
): Promise<FetchResponse> {
  options.signal.throwIfAborted()
  const deadline = performance.now() + options.timeoutMs
  const remaining = () => deadline - performance.now()
  const onAbort = () => void page.close().catch(() => {})
  options.signal.addEventListener('abort', onAbort, { once: true })
  try {
    // The fetcher gives the browser no validators: a rendered page is never asked for a 304 (see validators.ts).
    const { 'user-agent': _ignored, ...headers } = request.headers ?? {}
    await page.setExtraHTTPHeaders(headers)
    const response = await page.goto(request.url, {
      waitUntil: 'domcontentloaded',
      timeout: options.timeoutMs,
    })
    // Keep a little of the budget for reading the DOM.
    const settle = Math.min(SETTLE_MS, remaining() - Math.min(1_000, options.timeoutMs / 10))
    if (settle > 0) await page.waitForLoadState('networkidle', { timeout: settle }).catch(() => {})
    const body = await withinDeadline(page.content(), remaining())
    if (Buffer.byteLength(body) > options.maxBodyBytes) {
      throw new FetchError(`Rendered page exceeds the ${options.maxBodyBytes}-byte limit`, {
        url: request.url,
      })
    }
    return {
      url: page.url(),
      status: response?.status() ?? 200,
      headers: (await response?.allHeaders()) ?? {},
      body,
      fetchedAt: new Date().toISOString(),
      rendered: true,
    }
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason
    throw error
  } finally {
    options.signal.removeEventListener('abort', onAbort)
  }
}

/** `promise`, or a `TimeoutError` (the name the fetcher recognises) once `ms` have passed. */
function withinDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        const error = new Error('Rendering did not finish in time')
        error.name = 'TimeoutError'
        reject(error)
      },
      Math.max(0, ms),
    )
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
