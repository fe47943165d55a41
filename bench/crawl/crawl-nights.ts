import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { CrawlRequests } from '../../src/crawl/crawl-outcome.js'
import { marketIngest } from '../../testkit/market/market-ingest.js'
import { startMarketServer } from '../../testkit/market/market-server.js'
import { MARKET_SITE_SPECS } from '../../testkit/market/market-sites.js'
import { MARKET_SITES, type Market, type MarketSite } from '../../testkit/market/market-state.js'
import { nightCost } from '../../testkit/market/night-cost.js'
import { type RequestCounts, requestsOf } from '../../testkit/market/request-counts.js'
import { SQLITE_FILES } from '../../testkit/market/sample-market.js'
import { runMeasured } from '../pipeline/measured-child.js'
import { type NightFigures, nightFigures } from './night-figures.js'

/** A way of crawling the market: what it adds to the ingest command line and its environment. */
export interface CrawlMode {
  readonly name: string
  readonly args: readonly string[]
  readonly env: Readonly<Record<string, string>>
}

/**
 * The crawls the bench compares over the same market and nights. `incremental`, the default: every list page, and
 * a detail page only for a listing that is new, whose card shows a changed fact, or whose turn in the refresh rotation
 * came.
 * `full`: every list page and every detail page, every night.
 */
export const CRAWL_MODES: readonly CrawlMode[] = [
  { name: 'incremental', args: [], env: {} },
  { name: 'full', args: [], env: { PROPDATA_CRAWL: 'full' } },
]

/** The run report's figures for one source that the nights compare with the market's counts. */
export interface ReportedSource {
  readonly source: string
  readonly status: string
  readonly pages: number
  readonly pagesNotModified: number
  /** Present once the crawl counts its requests by kind. */
  readonly requests?: CrawlRequests
  /** Present once a night may walk part of the source's searches (a night budget); its shape is not read here. */
  readonly searches?: unknown
}

/** One site's night: the requests the market counted and what the published database shows after it. */
export interface SiteNight extends NightFigures {
  readonly site: MarketSite
  readonly reported: ReportedSource | undefined
  /** The night's length at the site's politeness, in seconds. */
  readonly politeSeconds: number
}

/** One night of one mode. */
export interface Night {
  readonly night: number
  readonly counts: RequestCounts
  /** The ingest's wall time, politeness scaled to nothing. */
  readonly seconds: number
  readonly sites: readonly SiteNight[]
}

/**
 * The night budget of the first night, in hours: the longest `PROPDATA_NIGHT_HOURS` allows. A site first met reads
 * every listing's detail page once, which at Funda's or Pararius's politeness is days of requests; a real crawl
 * spreads that first read over as many nights of the budget. The bench reads it in one long night so that the
 * nights after it start from a crawl that knows the market, which is what they are measured on.
 */
export const FIRST_READ_HOURS = 168

const POLITENESS = Object.fromEntries(
  MARKET_SITES.map((s) => [MARKET_SITE_SPECS[s].host, MARKET_SITE_SPECS[s].politeness]),
)

/**
 * Runs `nights` nights of `mode` over `market`: each night but the first moves the market a day on, then the real
 * CLI crawls the four sites live from the market's servers into a database that starts as a copy of `baseDb` (a
 * BAG import covering the market's homes). The first night is the first read, with a budget of
 * {@link FIRST_READ_HOURS}. Politeness is scaled to nothing so a night takes seconds; its length at
 * each site's real politeness is computed from the requests the market counted.
 */
export async function crawlNights(options: {
  readonly market: Market
  readonly baseDb: string
  readonly dir: string
  readonly nights: number
  readonly mode: CrawlMode
  readonly log?: (line: string) => void
}): Promise<Night[]> {
  const { market, mode, dir } = options
  mkdirSync(dir, { recursive: true })
  const db = join(dir, `${mode.name}.db`)
  for (const suffix of SQLITE_FILES) {
    rmSync(db + suffix, { force: true })
    if (existsSync(options.baseDb + suffix)) copyFileSync(options.baseDb + suffix, db + suffix)
  }
  const server = await startMarketServer(market)
  const ingest = marketIngest(market, server, db)
  const args = [...ingest.args, ...mode.args]
  const env = { PROPDATA_DATA_DIR: dir, ...ingest.env, ...mode.env }
  const out: Night[] = []
  let earlier: Partial<Record<MarketSite, readonly string[]>> = {}
  try {
    for (let night = 0; night < options.nights; night++) {
      const changes = night > 0 ? market.advanceNight() : null
      server.resetCounts()
      const run = await runMeasured(
        args,
        night === 0 ? { ...env, PROPDATA_NIGHT_HOURS: String(FIRST_READ_HOURS) } : env,
      )
      // 3: the run finished but a source looked unhealthy; the figures say how.
      if (run.code !== 0 && run.code !== 3)
        throw new Error(`${mode.name} night ${night} failed (${run.code}): ${run.stderr.slice(-2000)}`)
      const report = JSON.parse(run.stdout) as { sources: ReportedSource[] }
      const counts = server.counts()
      const cost = nightCost(counts, POLITENESS)
      const sqlite = new Database(db, { readonly: true })
      try {
        const sites = MARKET_SITES.map((site): SiteNight => {
          const siteChanges = changes?.sites[site] ?? null
          const reported = report.sources.find((s) => s.source === site)
          // A report that says which searches a night walked marks a night that may walk part of the scope: the
          // bound then counts the searches the market served pages of.
          const walked = reported?.searches === undefined ? undefined : server.listPagesServed(site)
          return {
            site,
            reported,
            politeSeconds: cost.hosts[MARKET_SITE_SPECS[site].host]?.seconds ?? 0,
            ...nightFigures(market, site, siteChanges, earlier[site] ?? [], sqlite, walked),
          }
        })
        out.push({ night, counts, seconds: run.seconds, sites })
      } finally {
        sqlite.close()
      }
      earlier = Object.fromEntries(MARKET_SITES.map((s) => [s, changes?.sites[s].withdrawals ?? []]))
      options.log?.(`${mode.name}: night ${night} crawled in ${run.seconds.toFixed(0)} s`)
    }
  } finally {
    await server.close()
  }
  return out
}

/** A site's requests in a night by kind, and how many of them were answered 304. */
export function siteRequests(counts: RequestCounts, site: MarketSite) {
  const { host } = MARKET_SITE_SPECS[site]
  return {
    list: requestsOf(counts, host, 'list'),
    detail: requestsOf(counts, host, 'detail'),
    robots: requestsOf(counts, host, 'robots'),
    notModified: requestsOf(counts, host, undefined, 304),
    total: requestsOf(counts, host),
  }
}
