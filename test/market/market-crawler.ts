import { copyFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll } from 'vitest'
import { type NightFigures, nightFigures } from '../../bench/crawl/night-figures.js'
import type { RunReport } from '../../src/pipeline/ingest.js'
import { marketIngest } from '../../testkit/market/market-ingest.js'
import { type MarketServer, startMarketServer } from '../../testkit/market/market-server.js'
import {
  MARKET_SITES,
  type Market,
  type MarketSite,
  type SiteChanges,
} from '../../testkit/market/market-state.js'
import type { RequestCounts } from '../../testkit/market/request-counts.js'
import { marketBagDb, SQLITE_FILES, sampleMarket } from '../../testkit/market/sample-market.js'
import { type CliResult, runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

/** One night crawled by the real CLI: its exit code, its `--json` report and the requests the market counted. */
export interface CrawledNight {
  readonly code: number | null
  readonly report: RunReport
  readonly counts: RequestCounts
}

/** A market served on 127.0.0.1 and a database (a copy of the market's BAG) that nights of `propdata ingest` fill. */
export interface MarketCrawler {
  readonly server: MarketServer
  readonly db: string
  /** Crawls the market as it stands now. */
  night(): Promise<CrawledNight>
  /** Runs another `propdata` command on the crawler's database and data directory. */
  cli(args: readonly string[]): Promise<CliResult>
  /** How far a night's `changes` on `site` (and the withdrawals of the night before) reached the published tables. */
  figures(site: MarketSite, changes: SiteChanges | null, earlier?: readonly string[]): NightFigures
  /** The published tables against the market as it stands: every listed offer on offer at its price, none withdrawn. */
  asItIs(site: MarketSite): NightFigures
  /** Runs `read` on the published database, opened read-only. */
  read<T>(read: (sqlite: Database.Database) => T): T
  close(): Promise<void>
}

/**
 * Serves `market` and crawls it into `dir/propdata.db`, which starts as a copy of the BAG that `sampleMarket(dir,
 * …)` imported, so that every night's listings resolve to their homes. `extraEnv` is added to every command's.
 */
export async function marketCrawler(
  market: Market,
  dir: string,
  extraEnv: Record<string, string> = {},
): Promise<MarketCrawler> {
  const db = join(dir, 'propdata.db')
  const bag = marketBagDb(dir)
  for (const suffix of SQLITE_FILES) if (existsSync(bag + suffix)) copyFileSync(bag + suffix, db + suffix)
  const server = await startMarketServer(market)
  const ingest = marketIngest(market, server, db)
  const env = { PROPDATA_DATA_DIR: dir, ...ingest.env, ...extraEnv }
  const read = <T>(reader: (sqlite: Database.Database) => T): T => {
    const sqlite = new Database(db, { readonly: true })
    try {
      return reader(sqlite)
    } finally {
      sqlite.close()
    }
  }
  return {
    server,
    db,
    async night() {
      server.resetCounts()
      const run = await runCli(ingest.args, env)
      if (!run.stdout.startsWith('{'))
        throw new Error(`ingest printed no report (${run.code}): ${run.stderr}`)
      return { code: run.code, report: JSON.parse(run.stdout) as RunReport, counts: server.counts() }
    },
    cli: (args) => runCli([...args, '--db', db], env),
    figures: (site, changes, earlier = []) =>
      read((sqlite) => nightFigures(market, site, changes, earlier, sqlite)),
    asItIs: (site) => {
      // Every listed offer taken as new and repriced tonight: its listing must be on offer at the offer's price.
      const listed = market.listed(site).map((o) => o.siteId)
      const none: string[] = []
      const changes: SiteChanges = {
        newOffers: listed,
        priceChanges: listed,
        withdrawals: none,
        relistedSameId: none,
        relistedNewId: [],
        cardEdits: none,
        detailEdits: none,
      }
      return read((sqlite) => nightFigures(market, site, changes, [], sqlite))
    },
    read,
    close: () => server.close(),
  }
}

/** Every site's line of a night's report, by site. */
export const sourceLines = (report: RunReport) =>
  Object.fromEntries(
    MARKET_SITES.map((site) => [site, report.sources.find((s) => s.source === site)!]),
  ) as Record<MarketSite, RunReport['sources'][number]>

/**
 * The market and crawler of a fault test, made before its tests and closed after them: 300 homes of the sample's BAG
 * (seed 7) that a night changes by a tenth, and a listing withdrawn after one complete crawl that misses it, so that a
 * source that wrongly took its crawl for complete would withdraw at once.
 */
export function useFaultMarket(): {
  readonly dir: string
  readonly market: Market
  readonly crawler: MarketCrawler
} {
  const dir = useTempDir()
  const fixture = { dir } as { dir: string; market: Market; crawler: MarketCrawler }
  beforeAll(async () => {
    fixture.market = await sampleMarket(dir, 300, {
      seed: 7,
      rates: { newOffers: 0.1, priceChanges: 0.1, withdrawals: 0.05, relistings: 0 },
    })
    fixture.crawler = await marketCrawler(fixture.market, dir, { PROPDATA_WITHDRAW_AFTER: '1' })
  }, 60_000)
  afterAll(() => fixture.crawler?.close())
  return fixture
}
