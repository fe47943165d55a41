import { type ChildProcess, spawn } from 'node:child_process'
import { Agent, request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ingestWith } from '../../src/cli/commands/ingest.js'
import { PROJECT_ROOT } from '../../src/config.js'
import { openStore } from '../../src/store/database.js'
import { startCli } from '../helpers/cli.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'

const FLOODER = 'flooder-key-0123456789'
const QUIET = 'quiet-key-0123456789'
const KEY_LIMIT = 300
const URL_PATH = '/v1/listings?city=Delft&page_size=5'
const dir = useTempDir('propdata-overload-')
const children: ChildProcess[] = []
let base = ''

beforeAll(async () => {
  const config = testConfig(dir)
  const store = await openStore(config.dbPath)
  await ingestWith(config, store, { sample: true, sources: 'kamernet,feed' }, SILENT_LOGGER)
  await store.close()
  const server = await startCli(['serve', '--db', config.dbPath, '--port', '0'], /on (http:\/\/[\d.]+:\d+)/, {
    PROPDATA_DATA_DIR: dir,
    PROPDATA_API_KEYS: `${FLOODER},${QUIET}`,
    PROPDATA_RATE_LIMIT: String(KEY_LIMIT),
  })
  children.push(server.child)
  base = server.match[1]!
}, 120_000)
afterAll(() => {
  for (const child of children) child.kill()
})

/** One GET on a connection pool of the caller's own, so no client waits behind another's sockets. */
async function get(agent: Agent, key: string | null) {
  const started = performance.now()
  const response = await request(base + URL_PATH, {
    dispatcher: agent,
    headers: key === null ? {} : { 'x-api-key': key },
  })
  const body = await response.body.text()
  return { status: response.statusCode, headers: response.headers, body, ms: performance.now() - started }
}

/** The median of `n` sequential requests with `key`, all of which must succeed. */
async function medianLatency(agent: Agent, key: string, n: number): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const response = await get(agent, key)
    expect(response.status, response.body).toBe(200)
    times.push(response.ms)
  }
  return times.sort((a, b) => a - b)[Math.floor(n / 2)]!
}

/**
 * A flood from a process of its own (so its loops do not slow the measuring client's event loop): `loops`
 * concurrent request loops with `key` until killed; prints a JSON tally when it gets SIGTERM.
 */
function startFlood(key: string, loops: number): Promise<{ stop: () => Promise<Record<string, number>> }> {
  const script = `
    import { Agent, request } from 'undici'
    const agent = new Agent({ connections: ${loops} })
    const tally = {}
    let running = true
    process.on('SIGTERM', () => { running = false })
    const loop = async () => {
      while (running) {
        const r = await request(${JSON.stringify(base + URL_PATH)}, { dispatcher: agent, headers: { 'x-api-key': ${JSON.stringify(key)} } })
        await r.body.text()
        const k = r.statusCode === 429 ? (r.headers['retry-after'] ? '429 with Retry-After' : '429 without Retry-After') : String(r.statusCode)
        tally[k] = (tally[k] ?? 0) + 1
        if (tally[k] === 1 && r.statusCode === 429) console.error('limited')
      }
    }
    await Promise.all(Array.from({ length: ${loops} }, loop))
    console.log(JSON.stringify(tally))
    process.exit(0)`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: PROJECT_ROOT })
  children.push(child)
  let out = ''
  child.stdout.on('data', (d: Buffer) => {
    out += d
  })
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()))
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => {
      if (String(d).includes('limited')) {
        const stop = async () => {
          child.kill('SIGTERM')
          await exited
          return JSON.parse(out) as Record<string, number>
        }
        resolve({ stop })
      } else reject(new Error(String(d)))
    })
    child.on('close', (code) => reject(new Error(`flood exited ${code}: ${out}`)))
  })
}

describe('overload', () => {
  it('a key over its limit gets 429s with Retry-After while another key keeps its latency', async () => {
    const quiet = new Agent({ connections: 1 })
    try {
      await medianLatency(quiet, QUIET, 20) // warm up: caches, JIT, the connection
      const alone = await medianLatency(quiet, QUIET, 100)
      const flood = await startFlood(FLOODER, 8)
      const flooded = await medianLatency(quiet, QUIET, 100)
      const tally = await flood.stop()
      expect(tally['200']).toBe(KEY_LIMIT)
      expect(tally['429 with Retry-After']).toBeGreaterThan(50)
      expect(tally['429 without Retry-After']).toBeUndefined()
      // Generous: the flood shares the server's one thread and the machine's cores; it must not swamp them.
      expect(flooded, `median ${flooded.toFixed(1)} ms flooded vs ${alone.toFixed(1)} ms alone`).toBeLessThan(
        Math.max(alone * 10, alone + 50),
      )
    } finally {
      await quiet.close()
    }
  }, 60_000)

  it('requests without a valid key are 401s however many arrive, and do not use up a key', async () => {
    const anonymous = new Agent()
    try {
      const statuses: number[] = []
      for (let i = 0; i < 2 * KEY_LIMIT; i++)
        statuses.push((await get(anonymous, i % 2 === 0 ? null : `wrong-key-${i}`)).status)
      expect(statuses).toEqual(Array(2 * KEY_LIMIT).fill(401))
      const refused = await get(anonymous, null)
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(refused.headers.ratelimit).toBe(`"default";r=${KEY_LIMIT};t=60`)
      expect(refused.headers['retry-after']).toBeUndefined()
      // A valid key from the same address has its own budget.
      expect((await get(anonymous, QUIET)).status).toBe(200)
    } finally {
      await anonymous.close()
    }
  }, 60_000)
})
