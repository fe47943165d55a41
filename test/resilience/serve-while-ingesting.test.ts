import { createHash } from 'node:crypto'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ingestWith } from '../../src/cli/commands/ingest.js'
import { openStore } from '../../src/store/database.js'
import { runCli, startCli } from '../helpers/cli.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'

const KEY = 'serve-while-ingesting-key-0123'
const CLIENTS = 6
const dir = useTempDir('propdata-serving-')
const db = join(dir, 'served.db')
const env = { PROPDATA_DATA_DIR: dir, PROPDATA_API_KEYS: KEY, PROPDATA_RATE_LIMIT: '1000000' }
const stops: (() => void)[] = []
afterAll(() => {
  for (const stop of stops) stop()
})

/** One answer a client got. */
interface Seen {
  readonly client: number
  readonly url: string
  readonly status: number
  /** From the ETag (`W/"v1-g12"`); null when the answer has none (a 404). */
  readonly generation: number | null
  readonly body: string
  readonly ms: number
}

const LISTING_URLS = [
  '/v1/listings',
  '/v1/listings?page_size=100&page=2',
  '/v1/listings?city=Amsterdam&type=buy',
  '/v1/listings?city=Utrecht&page_size=7&page=3',
  '/v1/listings?min_price=1000&max_price=2500', // counted per generation, not precomputed
  '/v1/listings?status=withdrawn',
]
let urls: string[] = []

beforeAll(async () => {
  // The sample's BAG ids are fixed: learn a few homes (and one address id) from a scratch ingest.
  const scratch = testConfig(join(dir), { dbPath: join(dir, 'scratch.db') })
  const store = await openStore(scratch.dbPath)
  await ingestWith(scratch, store, { sample: true, sources: 'kamernet,feed' }, SILENT_LOGGER)
  const homes = store.sqlite
    .prepare(
      'select bag_id, num_id from golden_records where bag_id in (select bag_id from listings) order by bag_id limit 4',
    )
    .all() as { bag_id: string; num_id: string }[]
  await store.close()
  urls = [
    ...LISTING_URLS,
    ...homes.map((h) => `/v1/properties/${h.bag_id}`),
    `/v1/properties/${homes[0]!.num_id}`,
    '/v1/sources',
  ]
}, 120_000)

const generationOf = (etag: string | null) => {
  const match = etag && /-g(\d+)/.exec(etag)
  return match ? Number(match[1]) : null
}

/** One client: requests in a loop until `stop`, revalidating with If-None-Match every third request. */
async function hammer(base: string, client: number, stop: () => boolean, seen: Seen[], errors: string[]) {
  const etags = new Map<string, string>()
  for (let i = client; !stop(); i++) {
    const url = urls[(i * 7 + client) % urls.length]!
    const headers: Record<string, string> = { 'x-api-key': KEY }
    const etag = etags.get(url)
    if (etag && i % 3 === 0) headers['if-none-match'] = etag
    const started = performance.now()
    try {
      const response = await fetch(base + url, { headers })
      const body = await response.text()
      const tag = response.headers.get('etag')
      if (tag) etags.set(url, tag)
      seen.push({
        client,
        url,
        status: response.status,
        generation: generationOf(tag),
        body,
        ms: performance.now() - started,
      })
    } catch (error) {
      errors.push(`${url}: ${String(error)} (${String((error as Error).cause ?? '')})`)
    }
  }
}

const hash = (text: string) => createHash('sha1').update(text).digest('base64url')

describe('serving while a run writes to the same file', () => {
  it('answers every request, fast, and switches each client to the new data in one step', async () => {
    // `serve` needs the database to exist: an empty one, which the runs below fill.
    await (await openStore(db)).close()
    const server = await startCli(['serve', '--db', db, '--port', '0'], /on (http:\/\/[\d.]+:\d+)/, env)
    stops.push(() => server.child.kill())
    const base = server.match[1]!
    const seen: Seen[] = []
    const errors: string[] = []
    let stopped = false
    const clients = Array.from({ length: CLIENTS }, (_, c) => hammer(base, c, () => stopped, seen, errors))

    // An empty database: the first run imports the BAG and the labels (two generations) and publishes a third;
    // the second run sees the same pages again (with nothing new it may keep the generation).
    const windows: [number, number][] = []
    for (let run = 0; run < 2; run++) {
      const from = seen.length
      const result = await runCli(['ingest', '--sample', '--db', db], env)
      expect(result.code, result.stderr).toBe(0)
      windows.push([from, seen.length])
    }
    await new Promise((r) => setTimeout(r, 300))
    stopped = true
    await Promise.all(clients)

    // The truth after the last run, fetched once everything is quiet.
    const final = new Map<string, { generation: number | null; body: string }>()
    for (const url of urls) {
      const response = await fetch(base + url, { headers: { 'x-api-key': KEY } })
      final.set(url, { generation: generationOf(response.headers.get('etag')), body: await response.text() })
    }
    const finalGeneration = final.get('/v1/listings')!.generation!

    // No errors, no 5xx, and a bounded latency while the runs wrote.
    expect(errors).toEqual([])
    expect(
      seen.filter((s) => ![200, 304, 404].includes(s.status)).map((s) => `${s.status} ${s.url}`),
    ).toEqual([])
    for (const [from, to] of windows) expect(to - from, 'requests answered during a run').toBeGreaterThan(50)
    const latencies = seen.map((s) => s.ms).sort((a, b) => a - b)
    const p99 = latencies[Math.floor(latencies.length * 0.99)]!
    expect(p99, `p99 of ${latencies.length} requests`).toBeLessThan(1_000)

    const generations = new Set(seen.map((s) => s.generation).filter((g) => g !== null))
    expect(generations.size, 'generations seen').toBeGreaterThanOrEqual(3)
    expect(generations).toContain(finalGeneration)

    // Every answer is internally consistent: one body per resource and generation, its total matching its page.
    const bodies = new Map<string, Set<string>>()
    for (const s of seen) {
      if (s.status !== 200) continue
      const json = JSON.parse(s.body) as {
        data: unknown[]
        meta: { total?: number; page?: number; page_size?: number; generation?: number }
      }
      if (s.url === '/v1/sources') {
        expect(json.meta.generation, 'the generation in /v1/sources matches its ETag').toBe(s.generation)
        continue
      }
      const key = `${s.url} g${s.generation}`
      const set = bodies.get(key) ?? new Set()
      set.add(hash(s.body))
      bodies.set(key, set)
      if (s.url.startsWith('/v1/listings')) {
        const { total, page, page_size } = json.meta as { total: number; page: number; page_size: number }
        expect(json.data.length, key).toBe(Math.max(0, Math.min(page_size, total - (page - 1) * page_size)))
      }
    }
    const mixed = [...bodies]
      .filter(([, set]) => set.size > 1)
      .map(([key, set]) => `${key}: ${set.size} bodies`)
    expect(mixed).toEqual([])
    // The final generation's answers are exactly what the quiet server says, and its totals what SQL counts.
    for (const s of seen) {
      if (s.status === 200 && s.generation === finalGeneration && s.url !== '/v1/sources')
        expect(s.body, s.url).toBe(final.get(s.url)!.body)
    }
    const sqlite = new BetterSqlite3(db, { readonly: true })
    try {
      const count = (where: string) =>
        (sqlite.prepare(`select count(*) as n from listings where ${where}`).get() as { n: number }).n
      const totalOf = (url: string) =>
        (JSON.parse(final.get(url)!.body) as { meta: { total: number } }).meta.total
      expect(totalOf('/v1/listings')).toBe(count("status = 'active'"))
      expect(totalOf('/v1/listings?min_price=1000&max_price=2500')).toBe(
        count("status = 'active' and price between 1000 and 2500"),
      )
      expect(totalOf('/v1/listings')).toBeGreaterThan(500)
    } finally {
      sqlite.close()
    }

    // Once a client has seen a generation, it never sees an older one, nor a 404 for a home it was shown.
    for (let client = 0; client < CLIENTS; client++) {
      let newest = -1
      const shown = new Set<string>()
      for (const s of seen.filter((x) => x.client === client)) {
        if (s.generation !== null) {
          expect(s.generation, `client ${client}, ${s.url}`).toBeGreaterThanOrEqual(newest)
          newest = s.generation
        }
        if (s.status === 200) shown.add(s.url)
        if (s.status === 404) expect(shown.has(s.url), `client ${client}: ${s.url} disappeared`).toBe(false)
      }
    }
  }, 180_000)
})
