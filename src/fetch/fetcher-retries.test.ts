import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { OPEN, useHarness } from '../../test/fetch/harness.js'
import { FetchError } from '../errors.js'

const h = useHarness()

/** A port nothing listens on: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('fetcher: retries with backoff', () => {
  it('retries a 500 once, then returns the 200, and says so with a retry event', async () => {
    const site = await h.site({
      '/flaky': (_q, _r, hit) => (hit === 1 ? { status: 500, body: 'oops' } : { body: 'fine' }),
    })
    const { fetcher, events, sleeps } = h.fetcher()

    const response = await fetcher.fetch({ url: site.url('/flaky') }, OPEN)

    expect([response.status, response.body]).toEqual([200, 'fine'])
    expect(site.hits('/flaky')).toBe(2)
    const retries = events.filter((e) => e.type === 'retry')
    expect(retries).toEqual([
      { type: 'retry', url: site.url('/flaky'), attempt: 1, delayMs: sleeps[0], reason: 'HTTP 500' },
    ])
    // Full jitter: the first backoff is somewhere in [0, base].
    expect(sleeps[0]).toBeGreaterThanOrEqual(0)
    expect(sleeps[0]).toBeLessThanOrEqual(500)
  })

  it('gives up after the configured retries with a FetchError naming the status, backoff ceilings doubling', async () => {
    const site = await h.site({ '/down': { status: 502, body: 'bad gateway' } })
    const { fetcher, sleeps } = h.fetcher({ retry: { maxRetries: 3, baseDelayMs: 100 } })

    const error = await fetcher.fetch({ url: site.url('/down') }, OPEN).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(FetchError)
    expect((error as FetchError).message).toBe('HTTP 502 (4 attempts)')
    expect((error as FetchError).context).toMatchObject({ status: 502, attempts: 4 })
    expect(site.hits('/down')).toBe(4)
    expect(sleeps).toHaveLength(3)
    for (const [i, ms] of sleeps.entries()) expect(ms).toBeLessThanOrEqual(100 * 2 ** i)
  })

  it('bounds every attempt by the timeout and fails after the retries when the server never answers', async () => {
    const opened: number[] = []
    const closedAfter: number[] = []
    const site = await h.site({
      '/hang': (request) => {
        const started = performance.now()
        opened.push(started)
        request.socket.once('close', () => closedAfter.push(performance.now() - started))
        return undefined // never answers
      },
    })
    const { fetcher, events } = h.fetcher({ timeoutMs: 300, retry: { maxRetries: 2 } })

    const error = await fetcher.fetch({ url: site.url('/hang') }, OPEN).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(FetchError)
    expect((error as Error).message).toBe('Timed out after 300 ms (3 attempts)')
    expect(site.hits('/hang')).toBe(3)
    expect(events.filter((e) => e.type === 'retry').map((e) => e.type === 'retry' && e.reason)).toEqual([
      'Timed out after 300 ms',
      'Timed out after 300 ms',
    ])
    // Each attempt was cut by its own deadline, not by the end of the test: the client hung up on the server.
    await expect.poll(() => closedAfter.length, { timeout: 10_000 }).toBe(3)
    for (const ms of closedAfter) expect(ms).toBeLessThan(5_000)
  })

  it('retries network errors (connection refused) and reports the cause', async () => {
    const port = await closedPort()
    const { fetcher, events } = h.fetcher({ retry: { maxRetries: 2 }, respectRobots: false })

    const error = await fetcher.fetch({ url: `http://127.0.0.1:${port}/x` }, OPEN).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(FetchError)
    expect((error as Error).message).toBe('fetch failed: ECONNREFUSED (3 attempts)')
    expect(events.filter((e) => e.type === 'retry')).toHaveLength(2)
  })

  it('does not retry a 404, nor a body over the size limit', async () => {
    const site = await h.site({ '/huge': { body: 'x'.repeat(2_000) } })
    const { fetcher } = h.fetcher({ maxBodyBytes: 1_000 })

    await expect(fetcher.fetch({ url: site.url('/gone') }, OPEN)).rejects.toMatchObject({
      message: 'HTTP 404',
      context: { status: 404, attempts: 1 },
    })
    await expect(fetcher.fetch({ url: site.url('/huge') }, OPEN)).rejects.toThrow(
      /exceeds the 1000-byte limit/,
    )
    expect([site.hits('/gone'), site.hits('/huge')]).toEqual([1, 1])
  })

  it('stops at once when the run is aborted: queued requests are dropped, the one in flight is cut', async () => {
    const site = await h.site({ '/slow': () => undefined })
    const run = new AbortController()
    const { fetcher } = h.fetcher({ signal: run.signal, respectRobots: false })
    const single = { concurrency: 1, intervalCap: Number.POSITIVE_INFINITY, interval: 0 }

    const first = fetcher.fetch({ url: site.url('/slow') }, single).catch((e: unknown) => e)
    const queued = fetcher.fetch({ url: site.url('/slow?2') }, single).catch((e: unknown) => e)
    await expect.poll(() => site.hits('/slow'), { timeout: 10_000 }).toBe(1)
    run.abort(new Error('run deadline'))

    for (const error of [await first, await queued]) {
      expect(error).toBeInstanceOf(FetchError)
      expect((error as Error).message).toBe('Stopped: run deadline')
    }
    expect(site.requests.map((r) => r.path)).toEqual(['/slow'])
  })
})
