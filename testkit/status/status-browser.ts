import { type Browser, chromium } from 'playwright'
import { CHROMIUM_ARGS, findChromium } from '../../src/fetch/browser-transport.js'

/** One chart of the page as Chromium drew it. */
export interface DrawnChart {
  /** Its caption, and the source whose card it is in (null for the page's own charts). */
  readonly title: string
  readonly source: string | null
  /** Data marks drawn with an area (a dot, a bar, a line, a tick): zero for an empty or collapsed chart. */
  readonly marks: number
}

/** What loading the status page in Chromium found. */
export interface StatusPageVisit {
  /** `data-drawn` on the root once the page was done: `true`, or `failed` with the reason in the summary. */
  readonly drawn: string
  readonly summary: string
  readonly charts: readonly DrawnChart[]
  /** Each source's card: its id, the verdict its badge shows and the message it shows, if any. */
  readonly cards: readonly { id: string; verdict: string; message: string | null }[]
  /** Console errors and warnings, and uncaught errors. */
  readonly errors: readonly string[]
  /** Requests to anywhere but 127.0.0.1 (aborted, never sent). */
  readonly external: readonly string[]
  /** How wide the page is laid out: wider than the window, it scrolls sideways. */
  readonly pageWidth: number
  /** Milliseconds from the navigation's start to the page's `status:first-render` mark. */
  readonly firstRenderMs: number
}

/** The marks of Observable Plot that draw data; axes, grids and rules do not. */
const DATA_MARKS = ['dot', 'bar', 'line', 'tick']

/** Launches the Chromium a run would use (`PROPDATA_CHROMIUM`, else the system's, else Playwright's own). */
export function launchChromium(
  executablePath = findChromium(process.env.PROPDATA_CHROMIUM),
): Promise<Browser> {
  return chromium.launch({ headless: true, executablePath: executablePath ?? undefined, args: CHROMIUM_ARGS })
}

/**
 * Opens the status page at `url` (the server's `/status`, or a `file:` URL of a written report) in a fresh context of
 * `browser`, `width` pixels wide, lets no request leave 127.0.0.1, waits until every chart is drawn and reads what
 * was drawn. `screenshot` is where a PNG of the page's first `height` pixels goes, if anywhere.
 */
export async function visitStatusPage(
  browser: Browser,
  url: string,
  options: { readonly width?: number; readonly height?: number; readonly screenshot?: string } = {},
): Promise<StatusPageVisit> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1200, height: 900 } })
  const errors: string[] = []
  const external: string[] = []
  await context.route('**/*', (route) => {
    const target = new URL(route.request().url())
    if (['data:', 'file:', 'blob:'].includes(target.protocol) || target.hostname === '127.0.0.1')
      return route.continue()
    external.push(target.href)
    return route.abort()
  })
  try {
    const page = await context.newPage()
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text())
    })
    page.on('pageerror', (e) => errors.push(String(e)))
    await page.goto(url)
    await page.waitForSelector('html[data-drawn]', { timeout: 60_000 })
    // The callbacks run in the page: their elements are the DOM's, which this program is not typed against.
    const charts: DrawnChart[] = await page.locator('figure').evaluateAll(
      (figures, dataMarks) =>
        figures.map((f) => ({
          title: f.querySelector('figcaption')?.textContent ?? '',
          source: f.closest('[data-source]')?.getAttribute('data-source') ?? null,
          marks: [...(f.querySelectorAll('.plot svg g[aria-label]') ?? [])]
            .filter((g) => dataMarks.includes(g.getAttribute('aria-label') ?? ''))
            .flatMap((g) => [...g.children])
            .filter((mark) => {
              const box = (mark as unknown as { getBBox(): { width: number; height: number } }).getBBox()
              return box.width > 0 && box.height > 0
            }).length,
        })),
      DATA_MARKS,
    )
    const cards = await page.locator('article[data-source]').evaluateAll((articles) =>
      articles.map((card) => ({
        id: card.getAttribute('data-source') ?? '',
        verdict: card.querySelector('.verdict')?.textContent?.trim() ?? '',
        message: card.querySelector('.message')?.textContent ?? null,
      })),
    )
    const found = {
      drawn: (await page.locator('html').getAttribute('data-drawn')) ?? '',
      summary: (await page.locator('#summary').textContent()) ?? '',
      charts,
      cards,
      pageWidth: await page.locator('html').evaluate((html) => html.scrollWidth),
      firstRenderMs: await page.evaluate(
        () => performance.getEntriesByName('status:first-render')[0]?.startTime ?? Number.NaN,
      ),
    }
    if (options.screenshot) {
      const height = options.height ?? 1600
      await page.setViewportSize({ width: options.width ?? 1200, height })
      await page.screenshot({ path: options.screenshot })
    }
    return { ...found, errors, external }
  } finally {
    await context.close()
  }
}
