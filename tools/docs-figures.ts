/**
 * Draws the figures the docs show, into `docs/images/` (or the folder given as the first argument):
 * `backtest.svg`, the back-test of the bundled datasets as `propdata backtest --plot` draws it, and
 * `status-sample.png`, the status page on the bundled sample as Chromium shows it.
 *
 *   npm run docs-figures [-- FOLDER]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { buildApp } from '../src/api/app.js'
import { ingestWith } from '../src/cli/commands/ingest.js'
import { loadConfig, PROJECT_ROOT } from '../src/config.js'
import { openStore } from '../src/store/database.js'
import { backtestSvg } from '../src/valuate/backtest-plot.js'
import { backtestDataset, loadDefaultDatasets } from '../src/valuate/index.js'
import { launchChromium, visitStatusPage } from '../testkit/status/status-browser.js'

const QUIET = { debug() {}, info() {}, warn() {}, error() {} }

/** The back-test of the bundled datasets, as `propdata backtest --plot` draws it with its defaults. */
function drawBacktest(file: string): void {
  const runs = loadDefaultDatasets(PROJECT_ROOT).map((d) => backtestDataset(d, { folds: 10, seed: 1 }))
  writeFileSync(file, backtestSvg(runs))
}

/** The bundled sample ingested into a folder of its own and served with its status page shown; then a screenshot. */
async function screenshotStatus(file: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'propdata-docs-'))
  try {
    const config = Object.freeze({
      ...loadConfig({}),
      dbPath: join(dir, 'sample.db'),
      sampleDbPath: join(dir, 'sample.db'),
      dataDir: dir,
      statusPublic: true,
    })
    const store = await openStore(config.dbPath)
    await ingestWith(config, store, { sample: true }, QUIET)
    const app = await buildApp({ store, config })
    try {
      await app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = app.server.address() as AddressInfo
      const browser = await launchChromium()
      try {
        const visit = await visitStatusPage(browser, `http://127.0.0.1:${port}/status`, { screenshot: file })
        if (visit.drawn !== 'true' || visit.errors.length > 0)
          throw new Error(`The status page did not draw: ${visit.summary} ${visit.errors.join('; ')}`)
      } finally {
        await browser.close()
      }
    } finally {
      await app.close()
      await store.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const out = resolve(process.argv[2] ?? join(PROJECT_ROOT, 'docs', 'images'))
mkdirSync(out, { recursive: true })
drawBacktest(join(out, 'backtest.svg'))
await screenshotStatus(join(out, 'status-sample.png'))
process.stdout.write(`Wrote ${join(out, 'backtest.svg')} and ${join(out, 'status-sample.png')}\n`)
