import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createReadModel } from '../src/api/read-model.js'
import type { ReadStore } from '../src/api/read-store.js'
import { listingsQuerySchema } from '../src/api/schemas.js'
import { sqliteReadStore } from '../src/api/sqlite-read-store.js'
import { openStore, type Store } from '../src/store/database.js'
import { type LoadResult, walkingLoads } from './api/load-tool.js'
import { rssMiB, serveInChild } from './api/serve-child.js'
import { defineBench } from './support/bench.js'
import { nationalOrSample } from './support/national.js'

export const KEY = 'bench-key-0123456789'

interface Mix {
  readonly name: string
  readonly paths: readonly string[]
}

/** Builds the request mixes from what the database holds. */
export async function mixesFor(
  dbPath: string,
): Promise<{ mixes: Mix[]; counts: { golden: number; listings: number } }> {
  const store = await openStore(dbPath, { readonly: true })
  try {
    // A hot set of 20,000 ids (a tenth of a smaller database's) fits in the property cache, as for a client that
    // keeps asking about the homes it tracks; the 200,000 other ids are four times what it holds, and are asked for
    // in turn across the runs (see `walkingLoads`), so those requests read a record from SQLite.
    const sampled = store.sqlite
      .prepare('select bag_id from golden_records order by random() limit 220000')
      .pluck()
      .all() as string[]
    const hot = sampled.slice(0, Math.min(20_000, Math.ceil(sampled.length / 10)))
    const ids = sampled.slice(hot.length)
    const cities = store.sqlite
      .prepare(
        "select city, count(*) as n from listings where status = 'active' and city is not null group by city_key order by n desc limit 40",
      )
      .all() as { city: string; n: number }[]
    const cityPaths = cities.map((c) => `/v1/listings?city=${encodeURIComponent(c.city)}`)
    const combos: string[] = []
    const ranges = {
      rent: [
        [0, 1000],
        [1000, 1500],
        [1500, 2500],
        [2500, 10000],
      ],
      buy: [
        [0, 300000],
        [300000, 500000],
        [500000, 800000],
        [800000, 5000000],
      ],
    }
    for (const { city } of cities) {
      for (const type of ['rent', 'buy'] as const) {
        for (const [min, max] of ranges[type]) {
          for (const page of [1, 2])
            combos.push(
              `/v1/listings?city=${encodeURIComponent(city)}&type=${type}&min_price=${min}&max_price=${max}&page=${page}`,
            )
        }
      }
    }
    const counts = {
      golden: store.sqlite.prepare('select count(*) from golden_records').pluck().get() as number,
      listings: store.sqlite
        .prepare("select count(*) from listings where status = 'active'")
        .pluck()
        .get() as number,
    }
    const filtered = newFilterCombos(
      store,
      cities.map((c) => c.city),
    )
    const mixes = [
      { name: 'healthz (ceiling)', paths: ['/healthz'] },
      {
        name: `properties/{id}, ${ids.length.toLocaleString('en')} ids`,
        paths: ids.map((id) => `/v1/properties/${id}`),
      },
      {
        name: `properties/{id}, hot ${hot.length.toLocaleString('en')}`,
        paths: hot.map((id) => `/v1/properties/${id}`),
      },
      { name: 'listings?city=', paths: cityPaths },
      { name: `listings, ${combos.length} combos`, paths: combos },
      { name: `listings, ${filtered.length} combos, new filters`, paths: filtered },
    ]
    return { mixes, counts }
  } finally {
    await store.close()
  }
}

/**
 * Combinations of the filters added after city, type and price (kind of home, source, living area, listing date),
 * with and without those: eight per city and eight for the whole country, each on pages 1 and 2. The sources are the
 * four that show the most listings; the date is a month before the newest listing's.
 */
function newFilterCombos(store: Store, cities: readonly string[]): string[] {
  const sources = store.sqlite
    .prepare(
      `select s.value ->> 'name' from listings l, json_each(l.sources_json) s where l.status = 'active'
        group by 1 order by count(*) desc limit 4`,
    )
    .pluck()
    .all() as string[]
  const newest = store.sqlite
    .prepare("select max(listed_at) from listings where status = 'active'")
    .pluck()
    .get()
  const since = new Date(Date.parse(String(newest ?? '2026-11-01')) - 30 * 86_400_000)
    .toISOString()
    .slice(0, 10)
  const paths: string[] = []
  for (const [i, city] of [...cities, null].entries()) {
    const where = city === null ? '' : `city=${encodeURIComponent(city)}&`
    const source = sources[i % sources.length] ?? 'funda'
    const variants = [
      'dwelling_type=apartment',
      'dwelling_type=room',
      `source=${source}`,
      'min_surface_area=50&max_surface_area=100',
      `listed_since=${since}`,
      'type=rent&dwelling_type=room&max_price=1000',
      `type=buy&min_surface_area=80&source=${source}`,
      `dwelling_type=house&listed_since=${since}&min_price=300000`,
    ]
    for (const variant of variants)
      for (const page of [1, 2]) paths.push(`/v1/listings?${where}${variant}&page=${page}`)
  }
  return paths
}

/**
 * The first answer to each listings path of `mix`, uncached, read in this process by the server's read model: what a
 * client waits for the first time a combination is asked in a generation (the loads below answer most from memory).
 */
async function firstAnswers(store: ReadStore, mix: Mix): Promise<{ p50: number; p99: number; max: number }> {
  const readModel = createReadModel(store)
  const times: number[] = []
  for (const path of mix.paths) {
    const query = listingsQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams))
    const started = performance.now()
    await readModel.listings(query)
    times.push(performance.now() - started)
  }
  const sorted = times.sort((a, b) => a - b)
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1)! }
}

/** {@link firstAnswers} of every listings mix, on a read-only handle of its own. */
async function firstAnswersOf(dbPath: string, mixes: readonly Mix[]) {
  const store = await openStore(dbPath, { readonly: true })
  try {
    const rows = []
    for (const mix of mixes.filter((m) => m.paths[0]?.startsWith('/v1/listings'))) {
      const { p50, p99, max } = await firstAnswers(sqliteReadStore(store), mix)
      rows.push({ mix: mix.name, paths: mix.paths.length, 'p50 ms': p50, 'p99 ms': p99, 'max ms': max })
    }
    return rows
  } finally {
    await store.close()
  }
}

/** What the response caches hold, from the server's own /metrics. */
async function cacheSizes(baseUrl: string): Promise<string> {
  const body = await (await fetch(`${baseUrl}/metrics`)).text()
  const value = (name: string, cache: string) =>
    Number(new RegExp(`^${name}\\{cache="${cache}"\\} (\\S+)$`, 'm').exec(body)?.[1] ?? Number.NaN)
  return ['listings', 'properties']
    .map(
      (cache) =>
        `${cache} ${value('propdata_response_cache_entries', cache).toLocaleString('en')} responses, ${(value('propdata_response_cache_chars', cache) / 2 ** 20).toFixed(1)} MiB of text`,
    )
    .join('; ')
}

/** How a load asks: for bodies as they are, or compressed as most HTTP libraries (gzip) and browsers (br) ask. */
const CODINGS = [
  { name: 'identity', headers: {} },
  { name: 'gzip', headers: { 'Accept-Encoding': 'gzip' } },
  { name: 'br', headers: { 'Accept-Encoding': 'gzip, deflate, br' } },
] as const

/** One load to measure: a mix of paths asked for in one coding. */
interface Variant {
  readonly name: string
  readonly mix: Mix
  readonly coding: (typeof CODINGS)[number]
}

/** Every mix in every coding; /healthz (the ceiling) only as it is, as its body is too small to compress. */
function variantsOf(mixes: readonly Mix[]): Variant[] {
  return mixes.flatMap((mix, i) =>
    (i === 0 ? CODINGS.slice(0, 1) : CODINGS).map((coding) => ({
      name: `${mix.name} ${coding.name}`,
      mix,
      coding,
    })),
  )
}

/**
 * API throughput against the same server's /healthz in the same run: `/v1/properties/{id}` over random ids and
 * `/v1/listings` over rotating filter combinations and pages. Server and load tool run in separate processes, pinned
 * to separate cores. On the national database the pipeline bench leaves behind (1M golden records, 200k listings),
 * or on the sample with --quick.
 */
export default defineBench({
  name: 'api',
  description:
    'req/s, latency and bytes of /v1, as it is and compressed, against the same server’s /healthz (wrk or autocannon, separate core)',
  async run({ quick }) {
    const dir = mkdtempSync(join(tmpdir(), 'propdata-api-bench-'))
    try {
      const { dbPath, national } = await nationalOrSample(quick, dir)
      const { mixes, counts } = await mixesFor(dbPath)
      const first = await firstAnswersOf(dbPath, mixes)
      // Far above what the load can reach in a minute: a 429 here would be measured as a fast answer.
      const started = Date.now()
      const server = await serveInChild(
        dbPath,
        { PROPDATA_API_KEYS: KEY, PROPDATA_RATE_LIMIT: '1000000000' },
        0,
      )
      try {
        const ready = `server listening ${((Date.now() - started) / 1000).toFixed(1)} s after start`
        const seconds = quick ? 2 : 10
        const connections = 32
        const variants = variantsOf(mixes)
        const load = walkingLoads({
          baseUrl: server.baseUrl,
          headers: { 'X-API-Key': KEY },
          connections,
          cpu: 1,
          workDir: dir,
        })
        const measure = (variant: Variant, duration: number) =>
          load(variant.mix.paths, duration, variant.coding.headers)
        for (const variant of variants) await measure(variant, quick ? 1 : 3) // warm-up
        const results = new Map<string, LoadResult[]>()
        for (let round = 0; round < (quick ? 1 : 3); round++) {
          for (const variant of variants)
            results.set(variant.name, [...(results.get(variant.name) ?? []), await measure(variant, seconds)])
        }
        const memory = await rssMiB(server.child.pid!)
        const caches = await cacheSizes(server.baseUrl)
        const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
        const rate = (name: string) => median(results.get(name)!.map((r) => r.requestsPerSecond))
        const ceiling = rate(variants[0]!.name)
        return [
          {
            title: `API on ${national ? 'the national database' : 'the sample'}: ${counts.golden.toLocaleString('en')} golden records, ${counts.listings.toLocaleString('en')} active listings (${results.get(variants[0]!.name)![0]!.tool}, ${connections} connections)`,
            rows: variants.map((variant) => {
              const rs = results.get(variant.name)!
              const rps = rate(variant.name)
              return {
                mix: variant.mix.name,
                coding: variant.coding.name,
                'req/s': rps,
                '× ceiling': rps / ceiling,
                '× identity': rps / rate(`${variant.mix.name} identity`),
                'KB/response': median(rs.map((r) => r.bytesPerResponse)) / 1024,
                'p50 ms': median(rs.map((r) => r.p50Ms)),
                'p99 ms': median(rs.map((r) => r.p99Ms)),
                'non-2xx': rs.reduce((a, r) => a + r.non2xx, 0),
              }
            }),
            notes: [
              `server RSS after load ${memory.rss.toFixed(0)} MiB, of which anonymous ${memory.anon.toFixed(0)} MiB (the rest is mapped files: code, and the database where it is mapped); peak ${memory.peak.toFixed(0)} MiB`,
              ready,
              `per-generation caches after load: ${caches}`,
              'medians of the rounds; each round runs every mix in every coding once, so machine drift spreads over all of them',
              'coding: what the load accepts (identity: nothing; gzip: Accept-Encoding gzip; br: gzip, deflate, br as browsers send); KB/response counts headers too',
            ],
          },
          {
            title:
              'First answer of each /v1/listings path in a generation (uncached: count and page read from SQLite)',
            rows: first,
            notes: [
              "in the bench's process, by the server's read model, before the load; one answer per path, in the mix's order",
            ],
          },
        ]
      } finally {
        await server.stop()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
})
