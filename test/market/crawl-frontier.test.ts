import { type ChildProcess, spawn } from 'node:child_process'
import { copyFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { cityKey } from '../../src/normalise/index.js'
import { marketIngest } from '../../testkit/market/market-ingest.js'
import { listPages } from '../../testkit/market/market-pages.js'
import { type MarketRequest, startMarketServer } from '../../testkit/market/market-server.js'
import { detailUrlOf, type Market } from '../../testkit/market/market-state.js'
import { marketBagDb, SQLITE_FILES, sampleMarket } from '../../testkit/market/sample-market.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
const SITE = 'pararius'
/** Pararius's politeness allows one request every two seconds: a night's hours buy this many requests an hour. */
const REQUESTS_AN_HOUR = 1_800
/** Only the market's moves these tests look at: offers withdrawn from the site. */
const RATES = {
  newOffers: 0,
  priceChanges: 0,
  relistings: 0,
  cardEdits: 0,
  detailEdits: 0,
  withdrawals: 0.1,
}

interface SourceLine {
  readonly source: string
  readonly status: string
  readonly searches: number
  readonly searchesComplete: number
  readonly budgetCut: boolean
  readonly withdrawn: number
}

interface Run {
  readonly code: number | null
  readonly report: { runId: number; sources: SourceLine[] } | null
  /** The site's requests this run, in the order the market answered them. */
  readonly requests: readonly MarketRequest[]
}

/** A market of its own and a database that starts as its BAG, crawled by the real CLI (Pararius only). */
async function setUp(name: string) {
  const market = await sampleMarket(dir, 300, { seed: 7, rates: RATES })
  const heard: MarketRequest[] = []
  let onRequest: ((r: MarketRequest) => void) | undefined
  const server = await startMarketServer(market, {
    sites: [SITE],
    onRequest: (r) => {
      heard.push(r)
      onRequest?.(r)
    },
  })
  const db = join(dir, `${name}.db`)
  for (const suffix of SQLITE_FILES)
    if (existsSync(marketBagDb(dir) + suffix)) copyFileSync(marketBagDb(dir) + suffix, db + suffix)
  const ingest = marketIngest(market, server, db)
  const args = ingest.args.map((a, i) => (ingest.args[i - 1] === '--sources' ? SITE : a))

  /** One run; `kill` may end the child mid-crawl, told of each request the market answers. */
  const run = (
    env: Record<string, string> = {},
    kill?: (child: ChildProcess, r: MarketRequest) => void,
  ): Promise<Run> =>
    new Promise((resolve, reject) => {
      const from = heard.length
      const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin', 'propdata.js'), ...args], {
        env: { ...process.env, PROPDATA_DATA_DIR: dir, ...ingest.env, ...env },
      })
      onRequest = kill && ((r) => kill(child, r))
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (d: Buffer) => {
        stdout += d
      })
      child.stderr.on('data', (d: Buffer) => {
        stderr += d
      })
      child.on('error', reject)
      child.on('close', (code) => {
        onRequest = undefined
        if (!kill && code !== 0) reject(new Error(`ingest exited ${code}: ${stderr.slice(-2000)}`))
        const requests = heard.slice(from).filter((r) => r.kind !== 'robots')
        resolve({ code, report: kill ? null : JSON.parse(stdout), requests })
      })
    })

  const read = <T>(sql: string, ...params: unknown[]): T[] => {
    const sqlite = new Database(db, { readonly: true })
    try {
      return sqlite.prepare(sql).all(...params) as T[]
    } finally {
      sqlite.close()
    }
  }
  return { market, server, run, read }
}

/** The city keys of a run's searches in the order it started them: the first list page of each. */
const searchOrder = (market: Market, requests: readonly MarketRequest[]) => {
  const bySlug = new Map(market.cities.map((c) => [c.slug, cityKey(c.name)]))
  return [...new Set(requests.filter((r) => r.kind === 'list').map((r) => bySlug.get(r.path.split('/')[2]!)))]
}

/** The requests a whole crawl of the site's market takes: every list page and a detail page per offer. */
const wholeCrawl = (market: Market) => [...listPages(market, SITE).keys()].length + market.listed(SITE).length

type Read = <T>(sql: string, ...params: unknown[]) => T[]

/** The city keys of the searches `runId` completed. */
const completedIn = (read: Read, runId: number): string[] =>
  read<{ city_key: string }>(
    'select city_key from crawl_searches where source_id = ? and last_completed_run_id = ?',
    SITE,
    runId,
  ).map((r) => r.city_key)

describe('a night too short for the site: its searches spread over nights', () => {
  let env: ReturnType<typeof setUp> extends Promise<infer T> ? T : never
  afterAll(() => env?.server.close())
  beforeAll(async () => {
    env = await setUp('nights')
  }, 60_000)

  it('completes some searches a night, starts the next with the others, withdraws only after two complete crawls', async () => {
    const { market, run, read } = env
    const cities = market.cities.map((c) => cityKey(c.name))
    // A little over half the site's requests a night: no night reads all of it, two nights read every search.
    const hours = String((wholeCrawl(market) * 0.55) / REQUESTS_AN_HOUR)
    const nights: Run[] = []
    const completions = new Map<string, number>()
    const night = async () => {
      const r = await run({ PROPDATA_NIGHT_HOURS: hours })
      nights.push(r)
      return r
    }

    const first = await night()
    const line = first.report!.sources[0]!
    expect(line).toMatchObject({ source: SITE, status: 'ok', searches: cities.length, budgetCut: true })
    expect(line.searchesComplete).toBeGreaterThan(0)
    expect(line.searchesComplete).toBeLessThan(cities.length)
    const done = completedIn(read, first.report!.runId)
    expect(done).toHaveLength(line.searchesComplete)
    // A night that did not read the whole site is neither degraded nor a baseline for later counts.
    expect(read('select status, baseline from run_sources where run_id = ?', first.report!.runId)).toEqual([
      { status: 'ok', baseline: 0 },
    ])

    const withdrawnUrls = market
      .advanceNight()
      .sites[SITE].withdrawals.map(
        (id) => detailUrlOf(SITE, market.offers(SITE).find((o) => o.siteId === id)!.offer)!,
      )
    expect(withdrawnUrls.length).toBeGreaterThan(0)
    for (let n = 1; n <= 4; n++) {
      const r = await night()
      if (n === 1) {
        // The searches the first night did not reach come first, then the rest, oldest completion first.
        const notDone = cities.filter((c) => !done.includes(c))
        expect(searchOrder(market, r.requests).slice(0, notDone.length).sort()).toEqual(notDone.sort())
        const never = read(
          'select count(*) as n from crawl_searches where source_id = ? and last_completed_at is null',
          SITE,
        )
        expect(never).toEqual([{ n: 0 }])
      }
      for (const c of completedIn(read, r.report!.runId)) completions.set(c, (completions.get(c) ?? 0) + 1)
      const observed = read<{ url: string; status: string; city_key: string }>(
        `select url, status, city_key from observations where source_id = ? and (status = 'withdrawn'
            or url in (select value from json_each(?)))`,
        SITE,
        JSON.stringify(withdrawnUrls),
      )
      for (const o of observed) {
        // Withdrawn only from the market, and only once its search was read through twice without it.
        expect(withdrawnUrls, o.url).toContain(o.url)
        const expected = (completions.get(o.city_key) ?? 0) >= 2 ? 'withdrawn' : 'active'
        expect(o.status, `${o.url} after night ${n}`).toBe(expected)
      }
    }
    expect(cities.every((c) => (completions.get(c) ?? 0) >= 2)).toBe(true)
    // Every withdrawn offer the crawl had seen is withdrawn now (those in searches the first night did not reach
    // were never published).
    const shown = read<{ status: string; n: number }>(
      `select status, count(*) as n from observations where url in (select value from json_each(?)) group by status`,
      JSON.stringify(withdrawnUrls),
    )
    expect(shown).toEqual([{ status: 'withdrawn', n: expect.any(Number) }])
  }, 300_000)
})

// SIGKILL: the run dies where it stands. SIGTERM: it stops, publishes what it read and exits 3.
describe.each([
  ['SIGKILL', null],
  ['SIGTERM', 3],
] as const)('a run ended by %s mid-crawl', (signal, exitCode) => {
  let env: ReturnType<typeof setUp> extends Promise<infer T> ? T : never
  afterAll(() => env?.server.close())
  beforeAll(async () => {
    env = await setUp(signal)
  }, 60_000)

  it('leaves the next run to start with the searches it did not complete, and withdraws nothing', async () => {
    const { market, run, read } = env
    const cities = market.cities.map((c) => cityKey(c.name))
    const killAt = Math.round(wholeCrawl(market) / 2)
    let counted = 0
    const killed = await run({}, (child, r) => {
      if (r.kind !== 'robots' && ++counted === killAt) child.kill(signal)
    })
    expect(killed.code).toBe(exitCode)
    const crashedRun = read<{ id: number }>('select max(id) as id from runs')[0]!.id
    const done = completedIn(read, crashedRun)
    expect(done.length).toBeGreaterThan(0)
    expect(done.length).toBeLessThan(cities.length)

    const next = await run()
    expect(next.report!.sources[0]).toMatchObject({
      status: 'ok',
      searches: cities.length,
      searchesComplete: cities.length,
      withdrawn: 0,
    })
    const notDone = cities.filter((c) => !done.includes(c))
    expect(searchOrder(market, next.requests).slice(0, notDone.length).sort()).toEqual(notDone.sort())
    expect(read(`select count(*) as n from observations where status = 'withdrawn'`)).toEqual([{ n: 0 }])
  }, 300_000)
})
