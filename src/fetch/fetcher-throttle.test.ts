import { describe, expect, it } from 'vitest'
import { useHarness } from '../../test/fetch/harness.js'
import { BlockedError } from '../errors.js'

const h = useHarness()
const FOUR = { concurrency: 4, intervalCap: Number.POSITIVE_INFINITY, interval: 0 }

describe('fetcher: 429 and 503 slow the host down without failing', () => {
  it('waits the 2 s Retry-After asks for, halves the host concurrency, then succeeds', async () => {
    const site = await h.site({
      '/busy': (_q, _r, hit) =>
        hit === 1 ? { status: 429, headers: { 'retry-after': '2' }, body: 'slow down' } : { body: 'ok' },
    })
    const { fetcher, events, sleeps } = h.fetcher()

    const response = await fetcher.fetch({ url: site.url('/busy') }, FOUR)

    expect(response.body).toBe('ok')
    expect(events.filter((e) => e.type === 'throttled')).toEqual([
      { type: 'throttled', url: site.url('/busy'), status: 429, waitMs: 2_000, concurrency: 2 },
    ])
    // The host was held once, for the throttle’s pause (less the time between the 429 and the next turn).
    expect(sleeps).toHaveLength(1)
    expect(sleeps[0]).toBeGreaterThan(1_900)
    expect(sleeps[0]).toBeLessThanOrEqual(2_000)
    // A throttle is not a failure and not a retry.
    expect(events.some((e) => e.type === 'retry')).toBe(false)
  })

  it('reads Retry-After as an HTTP date too', async () => {
    const site = await h.site({
      '/date': (_q, _r, hit) =>
        hit === 1
          ? { status: 503, headers: { 'retry-after': new Date(Date.now() + 10_000).toUTCString() }, body: '' }
          : { body: 'ok' },
    })
    const { fetcher, sleeps } = h.fetcher()

    expect((await fetcher.fetch({ url: site.url('/date') }, FOUR)).body).toBe('ok')
    expect(sleeps[0]).toBeGreaterThan(8_000)
    expect(sleeps[0]).toBeLessThanOrEqual(10_000)
  })

  it('without Retry-After, waits at least the base delay', async () => {
    const site = await h.site({
      '/503': (_q, _r, hit) => (hit === 1 ? { status: 503, body: 'maintenance' } : { body: 'ok' }),
    })
    const { fetcher, sleeps } = h.fetcher({ retry: { baseDelayMs: 700 } })

    expect((await fetcher.fetch({ url: site.url('/503') }, FOUR)).body).toBe('ok')
    expect(sleeps[0]).toBeGreaterThan(600)
  })

  it('treats a throttle that never ends as a block, and then sends that host nothing more', async () => {
    const site = await h.site({ '/always': { status: 429, headers: { 'retry-after': '1' }, body: '' } })
    const { fetcher } = h.fetcher({ retry: { maxThrottles: 3 } })

    const error = await fetcher.fetch({ url: site.url('/always') }, FOUR).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BlockedError)
    expect((error as BlockedError).message).toBe('HTTP 429 persists after 3 waits')
    expect(site.hits('/always')).toBe(4)

    await expect(fetcher.fetch({ url: site.url('/other') }, FOUR)).rejects.toBeInstanceOf(BlockedError)
    expect(site.hits('/other')).toBe(0)
  })

  it('treats a Retry-After longer than we wait out as a block', async () => {
    const site = await h.site({ '/later': { status: 429, headers: { 'retry-after': '86400' }, body: '' } })
    const { fetcher, sleeps } = h.fetcher()

    await expect(fetcher.fetch({ url: site.url('/later') }, FOUR)).rejects.toThrow(
      'HTTP 429 asks for a 86400 s wait, longer than we wait out',
    )
    expect(sleeps).toEqual([])
  })

  it('in a replay, serves the recorded 429 and its retry without waiting', async () => {
    const site = await h.site({
      '/busy': (_q, _r, hit) =>
        hit === 1 ? { status: 429, headers: { 'retry-after': '30' }, body: '' } : { body: 'ok' },
    })
    const { fetcher, sleeps, events } = h.fetcher({ ignorePoliteness: true })

    expect((await fetcher.fetch({ url: site.url('/busy') }, FOUR)).body).toBe('ok')
    expect(sleeps).toEqual([])
    expect(events.filter((e) => e.type === 'throttled')).toHaveLength(1)
  })
})
