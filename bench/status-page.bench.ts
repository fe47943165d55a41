import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildApp } from '../src/api/app.js'
import { loadConfig } from '../src/config.js'
import { readStatusData } from '../src/status/status-data.js'
import { reportStatusPage } from '../src/status/status-html.js'
import type { StatusData } from '../src/status/status-schema.js'
import { openStore } from '../src/store/database.js'
import { marketNights } from '../testkit/market/market-nights.js'
import { launchChromium, visitStatusPage } from '../testkit/status/status-browser.js'
import { defineBench, interleave, median } from './support/bench.js'

/** Sources the page should draw without a wait: a country's worth of listing sites. */
const MANY_SOURCES = 90

/** `data` with its sources repeated until there are `count`, each a source of its own. */
function withSources(data: StatusData, count: number): StatusData {
  const sources = Array.from({ length: count }, (_, i) => {
    const s = data.sources[i % data.sources.length]!
    const copy = Math.floor(i / data.sources.length)
    return copy === 0 ? s : { ...s, id: `${s.id}-${copy}`, name: `${s.name} ${copy}` }
  })
  return { ...data, sources }
}

export default defineBench({
  name: 'status-page',
  description:
    "the status page's first render in Chromium on 30 simulated nights, against one night; and 90 sources × 30 runs",
  async run(options) {
    const nights = options.nights ?? 30
    const homes = options.offers ?? 300
    const rounds = options.quick ? 1 : 5
    const dir = mkdtempSync(join(tmpdir(), 'propdata-status-bench-'))
    const browser = await launchChromium()
    const closers: (() => Promise<void>)[] = []
    try {
      /** A database of `n` nights, served with its status page shown; its URL. */
      const served = async (n: number): Promise<{ url: string; data: StatusData }> => {
        const own = join(dir, `${n}`)
        mkdirSync(own)
        const { db } = await marketNights({ dir: own, homes, nights: n })
        const store = await openStore(db, { readonly: true })
        const config = { ...loadConfig({}), dbPath: db, statusPublic: true }
        const app = await buildApp({ store, config })
        closers.push(async () => {
          await app.close()
          await store.close()
        })
        await app.listen({ port: 0, host: '127.0.0.1' })
        const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/status`
        return { url, data: await readStatusData(store, { nightHours: config.nightHours }) }
      }
      const one = await served(1)
      const month = await served(nights)
      const many = join(dir, 'many-sources.html')
      writeFileSync(many, reportStatusPage(withSources(month.data, MANY_SOURCES)))

      const visit = (url: string) => async () => {
        const started = performance.now()
        const v = await visitStatusPage(browser, url)
        if (v.drawn !== 'true' || v.errors.length > 0) throw new Error(`${url}: ${v.summary} ${v.errors}`)
        return {
          firstRender: v.firstRenderMs,
          allDrawn: performance.now() - started,
          charts: v.charts.length,
        }
      }
      const results = await interleave(rounds, {
        one: visit(one.url),
        month: visit(month.url),
        many: visit(pathToFileURL(many).href),
      })
      const base = median(results.one.map((r) => r.firstRender))
      const row = (name: string, sources: number, runs: number, r: typeof results.one) => ({
        page: name,
        sources,
        runs,
        charts: r[0]!.charts,
        'first render ms': Math.round(median(r.map((x) => x.firstRender))),
        'ratio to 1 night': median(r.map((x) => x.firstRender)) / base,
        'every chart drawn ms': Math.round(median(r.map((x) => x.allDrawn))),
      })
      return [
        {
          title: `Status page in headless Chromium, median of ${rounds} (${homes} homes on the market)`,
          rows: [
            row('/status, 1 night', one.data.sources.length, one.data.runs.length, results.one),
            row(
              `/status, ${nights} nights`,
              month.data.sources.length,
              month.data.runs.length,
              results.month,
            ),
            row(`report --html, ${MANY_SOURCES} sources`, MANY_SOURCES, month.data.runs.length, results.many),
          ],
          notes: [
            'first render: navigation start to the status:first-render mark (summary, health, market, the cards on screen)',
            'every chart drawn: from asking for the page until every card is drawn, as the browser test waits',
            `the ${MANY_SOURCES}-source page repeats the ${nights}-night database's sources under other names`,
          ],
        },
      ]
    } finally {
      for (const close of closers) await close()
      await browser.close()
      rmSync(dir, { recursive: true, force: true })
    }
  },
})
