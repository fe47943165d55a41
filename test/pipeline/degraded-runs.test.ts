import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { runCli, startCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir('propdata-degraded-')
const db = join(dir, 'propdata.db')
const KEY = 'degraded-test-key-0123456789'
const env = { PROPDATA_DATA_DIR: dir, PROPDATA_API_KEYS: KEY }
const children: { kill(): void }[] = []
afterAll(() => {
  for (const child of children) child.kill()
})

/** The sample's partner feed: 38 listings (and 2 rows it rejects). */
const SAMPLE_FEED = join(PROJECT_ROOT, 'data', 'sample', 'feed', 'partner-feed.csv')
const [HEADER, ...ROWS] = readFileSync(SAMPLE_FEED, 'utf8').trimEnd().split('\n') as [string, ...string[]]

/** A feed file with the header and the given rows. */
const feedFile = (name: string, rows: readonly string[]) => {
  const path = join(dir, name)
  writeFileSync(path, `${[HEADER, ...rows].join('\n')}\n`)
  return path
}

/** A row of the sample's feed with its price made unreadable: the reader rejects it. */
const broken = (row: string) => row.replace(/^((?:[^,]*,){3})[^,]*/, '$1not-a-price')

const ingestFeed = (file: string, extra: Record<string, string> = {}) =>
  runCli(['ingest', '--sources', 'feed', '--feed', file, '--db', db, '--json'], { ...env, ...extra })

const activeFeedListings = () => {
  const sqlite = new BetterSqlite3(db, { readonly: true })
  try {
    return sqlite
      .prepare("select count(*) from observations where source_id = 'feed' and status = 'active'")
      .pluck()
      .get() as number
  } finally {
    sqlite.close()
  }
}

interface Report {
  runId: number
  status: string
  exitCode: number
  problems: string[]
  sources: { source: string; status: string; message: string | null; withdrawn: number; listings: number }[]
}

describe('a run in which most of a source is broken is degraded, not a complete snapshot', () => {
  // The case: 38 feed listings from a good run, then a 7-row file of which 6 rows are rejected.
  const sevenRows = [ROWS[0]!, ...ROWS.slice(1, 7).map(broken)]

  it('a good run of the whole feed succeeds with exit 0', async () => {
    const first = await ingestFeed(SAMPLE_FEED)
    expect(first.code, first.stderr).toBe(0)
    expect((JSON.parse(first.stdout) as Report).sources[0]).toMatchObject({ status: 'ok', listings: 38 })
    expect(activeFeedListings()).toBe(38)
  }, 60_000)

  it('a 7-row feed with 6 listings rejected is degraded: exit 3, what validated published, nothing withdrawn, twice', async () => {
    const file = feedFile('seven-rows.csv', sevenRows)
    for (let night = 0; night < 2; night++) {
      const result = await ingestFeed(file)
      expect(result.code, result.stderr).toBe(3)
      const report = JSON.parse(result.stdout) as Report
      expect(report.status).toBe('partial')
      expect(report.sources[0]).toMatchObject({
        source: 'feed',
        status: 'degraded',
        listings: 1,
        withdrawn: 0,
        message: expect.stringMatching(/6 of 7 listings rejected \(86 %; more than 20 %\)/),
      })
      expect(report.problems).toEqual([expect.stringMatching(/^feed: degraded: 6 of 7 listings rejected/)])
      expect(activeFeedListings()).toBe(38)
    }
  }, 60_000)

  it('`runs show`, /v1/sources and /metrics say that it is degraded and why', async () => {
    const runs = JSON.parse((await runCli(['runs', '--db', db, '--json', '--limit', '1'], env)).stdout) as {
      id: number
    }[]
    const show = await runCli(['runs', 'show', String(runs[0]!.id), '--db', db], env)
    expect(show.stdout).toMatch(/feed\s+degraded/)
    expect(show.stdout).toMatch(/6 of 7 listings rejected/)

    const server = await startCli(['serve', '--db', db, '--port', '0'], /on (http:\/\/[\d.]+:\d+)/, env)
    children.push(server.child)
    const base = server.match[1]!
    const sources = (await (await fetch(`${base}/v1/sources`, { headers: { 'X-API-Key': KEY } })).json()) as {
      data: { id: string; status: string; last_run: { message: string } }[]
    }
    expect(sources.data.find((s) => s.id === 'feed')).toMatchObject({
      status: 'degraded',
      last_run: { message: expect.stringMatching(/^6 of 7 listings rejected/) },
    })
    const metrics = await (await fetch(`${base}/metrics`)).text()
    expect(metrics).toMatch(/^propdata_source_degraded\{source="feed",check="rejects"\} 1$/m)
    expect(metrics).toMatch(/^propdata_source_status\{source="feed",status="degraded"\} 1$/m)
  }, 60_000)

  it('a whole feed whose listings fall by more than half against its recent runs is degraded too', async () => {
    const file = feedFile('shrunk.csv', ROWS.slice(0, 12))
    const result = await ingestFeed(file)
    expect(result.code, result.stderr).toBe(3)
    expect((JSON.parse(result.stdout) as Report).sources[0]).toMatchObject({
      status: 'degraded',
      withdrawn: 0,
      message: expect.stringMatching(
        /12 listings, less than half the median of the last \d+ whole runs \(38\)/,
      ),
    })
    expect(activeFeedListings()).toBe(38)
  }, 60_000)

  it('the allowed share of rejects is PROPDATA_MAX_REJECT_PERCENT', async () => {
    // The whole feed with one more row broken: 3 of 40 listings rejected (8 %), fine by default, too many at 5 %.
    const file = feedFile('three-in-forty.csv', [broken(ROWS[0]!), ...ROWS.slice(1)])
    const fine = await ingestFeed(file)
    expect(fine.code, fine.stderr).toBe(0)
    const strict = await ingestFeed(file, { PROPDATA_MAX_REJECT_PERCENT: '5' })
    expect(strict.code, strict.stderr).toBe(3)
    expect((JSON.parse(strict.stdout) as Report).sources[0]).toMatchObject({
      status: 'degraded',
      message: expect.stringMatching(/^3 of 40 listings rejected \(8 %; more than 5 %\)/),
    })
  }, 60_000)

  it('a run cut short by --limit is not compared with whole runs', async () => {
    const result = await runCli(
      ['ingest', '--sources', 'feed', '--feed', SAMPLE_FEED, '--limit', '5', '--db', db, '--json'],
      env,
    )
    expect(result.code, result.stderr).toBe(0)
    expect((JSON.parse(result.stdout) as Report).sources[0]).toMatchObject({ status: 'ok', listings: 5 })
  }, 60_000)

  it('a drop that lasts becomes the new normal: degraded until it is the median of the recent runs', async () => {
    const file = join(dir, 'shrunk.csv')
    const statuses: string[] = []
    for (let night = 0; night < 3; night++) {
      const report = JSON.parse((await ingestFeed(file)).stdout) as Report
      statuses.push(report.sources[0]!.status)
    }
    expect(statuses).toEqual(['degraded', 'degraded', 'ok'])
    expect(activeFeedListings()).toBe(38) // the ok run is the first to miss the rest: withdrawn after the next
    expect((await ingestFeed(file)).code).toBe(0)
    expect(activeFeedListings()).toBe(12)
  }, 60_000)
})
