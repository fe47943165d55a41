import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, fetch } from 'undici'
import { createFetcher, createHttpTransport, createWarcRecorder, type Fetcher } from '../src/fetch/index.js'
import { type BenchTable, defineBench, interleave, median } from './support/bench.js'

const OPEN = { concurrency: 64, intervalCap: Number.POSITIVE_INFINITY, interval: 0 }
const USER_AGENT = 'propdata-bench/0.1 (+https://example.org/contact)'

/** Starts `support/page-server.ts` in a child process; resolves with its origin, page size and a stop function. */
async function startServer(): Promise<{ origin: string; bytes: number; stop: () => void }> {
  const child = fork(join(import.meta.dirname, 'support', 'page-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const { port, bytes } = await new Promise<{ port: number; bytes: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number; bytes: number }))
    child.once('exit', (code) => reject(new Error(`page server exited with ${code}`)))
  })
  return { origin: `http://127.0.0.1:${port}`, bytes, stop: () => child.disconnect() }
}

interface Sample {
  /** Requests per second, wall clock. */
  readonly rps: number
  /** This process's CPU (user + system) per request, in µs: the server runs elsewhere, so this is all client. */
  readonly cpuUs: number
}

/** Sends `n` requests through `get`, `concurrency` at a time. */
async function drive(n: number, concurrency: number, get: (i: number) => Promise<unknown>): Promise<Sample> {
  let next = 0
  const cpu = process.cpuUsage()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await get(next++)
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const used = process.cpuUsage(cpu)
  return { rps: n / seconds, cpuUs: (used.user + used.system) / n }
}

/** The baseline: undici's fetch on a keep-alive agent set up like the transport's, reading each body as text. */
function bareUndici(origin: string) {
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 16 })
  return {
    get: async (i: number) =>
      (
        await fetch(`${origin}/page?${i}`, { dispatcher: agent, headers: { 'user-agent': USER_AGENT } })
      ).text(),
    close: () => agent.close(),
  }
}

/** The fetch layer as a replay-free live run uses it, politeness off; optionally recording to WARC as live runs do. */
async function fetchLayer(origin: string, warcDir?: string) {
  const recorder = warcDir ? await createWarcRecorder(join(warcDir, 'bench.warc.gz'), {}) : undefined
  const fetcher: Fetcher = createFetcher({
    http: createHttpTransport(),
    userAgent: USER_AGENT,
    ignorePoliteness: true,
    recorder,
  })
  return {
    get: (i: number) => fetcher.fetch({ url: `${origin}/page?${i}` }, OPEN),
    close: async () => {
      await fetcher.close()
      await recorder?.close()
    },
  }
}

export default defineBench({
  name: 'fetch-overhead',
  description: 'the fetch layer against a bare undici loop, same local server, same requests and concurrency',
  async run({ quick }) {
    const server = await startServer()
    const warcDir = mkdtempSync(join(tmpdir(), 'propdata-bench-'))
    const rounds = quick ? 1 : 3
    const tables: BenchTable[] = []
    try {
      for (const [concurrency, n] of quick
        ? [[16, 300]]
        : [
            [1, 1_500],
            [16, 4_000],
          ]) {
        const clients = {
          bare: bareUndici(server.origin),
          fetcher: await fetchLayer(server.origin),
          recording: await fetchLayer(server.origin, warcDir),
        }
        const results = await interleave(rounds, {
          bare: () => drive(n!, concurrency!, clients.bare.get),
          fetcher: () => drive(n!, concurrency!, clients.fetcher.get),
          recording: () => drive(n!, concurrency!, clients.recording.get),
        })
        await Promise.all(Object.values(clients).map((c) => c.close()))
        const base = {
          rps: median(results.bare.map((s) => s.rps)),
          cpu: median(results.bare.map((s) => s.cpuUs)),
        }
        const labels = {
          bare: 'bare undici (baseline)',
          fetcher: 'fetcher',
          recording: 'fetcher + WARC recording',
        }
        tables.push({
          title: `c=${concurrency}, ${n} requests of ${(server.bytes / 1024).toFixed(0)} KB per round`,
          rows: (['bare', 'fetcher', 'recording'] as const).map((name) => {
            const rps = median(results[name].map((s) => s.rps))
            const cpu = median(results[name].map((s) => s.cpuUs))
            return {
              client: labels[name],
              'req/s': rps,
              '× baseline': rps / base.rps,
              'µs/req wall': 1e6 / rps,
              'Δ µs/req wall': 1e6 / rps - 1e6 / base.rps,
              'CPU µs/req': cpu,
              'Δ CPU µs/req': cpu - base.cpu,
            }
          }),
        })
      }
    } finally {
      server.stop()
      rmSync(warcDir, { recursive: true, force: true })
    }
    const notes = [
      'The server runs in a child process; CPU is this process only (user + system), so it is the client side.',
      'fetcher = robots.txt check (cached), per-host p-queue, retry loop, block detection, charset decoding;',
      `politeness off, as in a replay. Median of ${rounds} interleaved round(s) after a warm-up round.`,
    ]
    return tables.map((t, i) => (i === tables.length - 1 ? { ...t, notes } : t))
  },
})
