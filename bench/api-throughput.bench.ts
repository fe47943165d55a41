/**
 * API throughput against the same server's /healthz, each in one run: `/v1/properties/{id}` over random ids and
 * `/v1/listings` over rotating filter combinations. Server and load tool run in separate processes pinned to separate
 * cores. Standalone: `node --import tsx bench/api-throughput.bench.ts [--db PATH] [--seconds N] [--rounds N]`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { openStore } from '../src/store/database.js'
import { ingestSample, testConfig } from '../test/helpers/sample-database.js'
import { type LoadResult, runLoad } from './api/load-tool.js'
import { rssMiB, serveInChild } from './api/serve-child.js'

const KEY = 'bench-key-0123456789'

interface Mix {
  readonly name: string
  readonly paths: readonly string[]
}

/** Builds the request mixes from what the database holds. */
async function mixesFor(dbPath: string): Promise<Mix[]> {
  const store = await openStore(dbPath, { readonly: true })
  try {
    const ids = store.sqlite
      .prepare('select bag_id from golden_records order by random() limit 20000')
      .pluck()
      .all() as string[]
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
    return [
      { name: 'healthz (ceiling)', paths: ['/healthz'] },
      { name: 'properties/{id}', paths: ids.map((id) => `/v1/properties/${id}`) },
      { name: 'listings?city=', paths: cityPaths },
      { name: `listings, ${combos.length} combos`, paths: combos },
    ]
  } finally {
    await store.close()
  }
}

/** Runs the bench and prints req/s, p50/p99 and the ratio to the ceiling measured in the same round. */
export async function runApiThroughputBench(
  options: { db?: string; seconds?: number; rounds?: number; connections?: number } = {},
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'propdata-api-bench-'))
  try {
    let dbPath = options.db
    if (!dbPath) {
      const config = testConfig(dir)
      await ingestSample(config)
      dbPath = config.dbPath
    }
    const mixes = await mixesFor(dbPath)
    const server = await serveInChild(dbPath, { PROPDATA_API_KEYS: KEY, PROPDATA_RATE_LIMIT: '1000000' }, 0)
    try {
      const seconds = options.seconds ?? 8
      const connections = options.connections ?? 32
      const load = (mix: Mix) =>
        runLoad({
          baseUrl: server.baseUrl,
          paths: mix.paths,
          headers: { 'X-API-Key': KEY },
          connections,
          durationSeconds: seconds,
          cpu: 1,
          workDir: dir,
        })
      await load(mixes[0]!) // warm-up: JIT, page cache
      for (const mix of mixes.slice(1))
        await runLoad({
          baseUrl: server.baseUrl,
          paths: mix.paths,
          headers: { 'X-API-Key': KEY },
          connections,
          durationSeconds: 2,
          cpu: 1,
          workDir: dir,
        })
      const results = new Map<string, LoadResult[]>()
      for (let round = 0; round < (options.rounds ?? 2); round++) {
        for (const mix of mixes) results.set(mix.name, [...(results.get(mix.name) ?? []), await load(mix)])
      }
      const memory = await rssMiB(server.child.pid!)
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
      const ceiling = median(results.get(mixes[0]!.name)!.map((r) => r.requestsPerSecond))
      process.stdout.write(
        `\nAPI throughput (${results.get(mixes[0]!.name)![0]!.tool}, ${connections} connections, ${seconds} s × ${options.rounds ?? 2} rounds, server and load on separate cores)\n`,
      )
      process.stdout.write(
        `${'mix'.padEnd(28)}${'req/s'.padStart(10)}${'× ceiling'.padStart(11)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-2xx'.padStart(9)}\n`,
      )
      for (const mix of mixes) {
        const rs = results.get(mix.name)!
        const rps = median(rs.map((r) => r.requestsPerSecond))
        process.stdout.write(
          `${mix.name.padEnd(28)}${rps.toFixed(0).padStart(10)}${(rps / ceiling).toFixed(2).padStart(11)}${median(
            rs.map((r) => r.p50Ms),
          )
            .toFixed(2)
            .padStart(9)}${median(rs.map((r) => r.p99Ms))
            .toFixed(2)
            .padStart(9)}${String(rs.reduce((a, r) => a + r.non2xx, 0)).padStart(9)}\n`,
        )
      }
      process.stdout.write(
        `server RSS after load: ${memory.rss.toFixed(0)} MiB (anonymous ${memory.anon.toFixed(0)} MiB; the rest is the mapped database)\n`,
      )
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      seconds: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
    },
  })
  await runApiThroughputBench({
    db: values.db,
    seconds: values.seconds ? Number(values.seconds) : undefined,
    rounds: values.rounds ? Number(values.rounds) : undefined,
    connections: values.connections ? Number(values.connections) : undefined,
  })
}
