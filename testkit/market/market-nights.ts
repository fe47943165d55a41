import { copyFileSync, existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ingestWith } from '../../src/cli/commands/ingest.js'
import { loadConfig } from '../../src/config.js'
import type { RunReport } from '../../src/pipeline/ingest.js'
import type { Logger } from '../../src/pipeline/logger.js'
import { openStore } from '../../src/store/database.js'
import { marketIngest } from './market-ingest.js'
import { type MarketServer, startMarketServer } from './market-server.js'
import type { Market, MarketOptions } from './market-state.js'
import { marketBagDb, SQLITE_FILES, sampleMarket } from './sample-market.js'

/** What {@link marketNights} makes: a database of nights, with each night's run report. */
export interface MarketNights {
  readonly db: string
  readonly market: Market
  readonly reports: readonly RunReport[]
}

const DAY_MS = 86_400_000

/**
 * The market's first day: so many days before `today` that its last night is today. The runs happen now, and a
 * listing dated after tomorrow is refused as impossible, so the market's days must not run ahead of the clock.
 */
const startFor = (nights: number, today: Date): string =>
  new Date(today.getTime() - (nights - 1) * DAY_MS).toISOString().slice(0, 10)

/** A logger for runs nobody reads. */
const QUIET: Logger = { debug() {}, info() {}, warn() {}, error() {} }

/**
 * Crawls `nights` nights of a simulated market of `homes` homes (the sample's BAG, `seed`) into `dir/nights.db`, one
 * real ingest per night in this process, the market a day on before each night but the first: a database with a
 * history of runs, as the status page draws it. `beforeNight` may flip the market's fault switches for a night (and
 * must flip them back for the next).
 */
export async function marketNights(options: {
  readonly dir: string
  readonly homes: number
  readonly nights: number
  readonly seed?: number
  readonly rates?: MarketOptions['rates']
  readonly beforeNight?: (night: number, server: MarketServer) => void
  readonly log?: (line: string) => void
}): Promise<MarketNights> {
  const { dir } = options
  const market = await sampleMarket(dir, options.homes, {
    seed: options.seed ?? 3,
    rates: options.rates,
    start: startFor(options.nights, new Date()),
  })
  const db = join(dir, 'nights.db')
  for (const suffix of SQLITE_FILES) {
    rmSync(db + suffix, { force: true })
    if (existsSync(marketBagDb(dir) + suffix)) copyFileSync(marketBagDb(dir) + suffix, db + suffix)
  }
  const server = await startMarketServer(market)
  const ingest = marketIngest(market, server, db)
  const config = loadConfig({ ...ingest.env, PROPDATA_DATA_DIR: dir, PROPDATA_DB: db })
  const store = await openStore(db)
  const reports: RunReport[] = []
  try {
    for (let night = 0; night < options.nights; night++) {
      if (night > 0) market.advanceNight()
      options.beforeNight?.(night, server)
      const report = await ingestWith(config, store, { ...ingest.flags, quiet: true }, QUIET)
      reports.push(report)
      options.log?.(`night ${night}: run ${report.runId} ${report.status}`)
    }
  } finally {
    await store.close()
    await server.close()
  }
  return { db, market, reports }
}
