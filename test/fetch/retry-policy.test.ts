import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { linkSignals } from '../../src/fetch/linked-signal.js'
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  isThrottleStatus,
  parseRetryAfter,
  throttleDelay,
} from '../../src/fetch/retry-policy.js'

describe('retry policy', () => {
  it('backs off exponentially with full jitter, never past the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, r) => {
          const delay = backoffDelay(DEFAULT_RETRY_POLICY, n, () => r)
          const ceiling = Math.min(
            DEFAULT_RETRY_POLICY.maxDelayMs,
            DEFAULT_RETRY_POLICY.baseDelayMs * 2 ** (n - 1),
          )
          expect(delay).toBeGreaterThanOrEqual(0)
          expect(delay).toBeLessThanOrEqual(ceiling)
          expect(throttleDelay(DEFAULT_RETRY_POLICY, n, () => r)).toBeGreaterThanOrEqual(
            DEFAULT_RETRY_POLICY.baseDelayMs,
          )
        },
      ),
    )
  })

  it('reads Retry-After as seconds or an HTTP date, and nothing else', () => {
    const now = Date.parse('2026-11-20T02:00:00Z')
    expect(parseRetryAfter('2', now)).toBe(2_000)
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000)
    expect(parseRetryAfter('Fri, 20 Nov 2026 02:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Fri, 20 Nov 2026 01:00:00 GMT', now)).toBe(0)
    // The obsolete asctime() form names no zone: it is GMT (RFC 9110), wherever the machine is.
    const zone = process.env.TZ
    process.env.TZ = 'Europe/Amsterdam'
    try {
      expect(parseRetryAfter('Fri Nov 20 02:00:30 2026', now)).toBe(30_000)
    } finally {
      process.env.TZ = zone
    }
    expect(parseRetryAfter('2026-11-20T02:00:30Z', now)).toBeNull()
    expect(parseRetryAfter('Nov 20 2026 02:00:30', now)).toBeNull()
    expect(parseRetryAfter('soon', now)).toBeNull()
    expect(parseRetryAfter('-5', now)).toBeNull()
    expect(parseRetryAfter(undefined, now)).toBeNull()
  })

  it('retries 408 and 5xx but 501; treats 429 and 503 as throttles', () => {
    expect([408, 500, 502, 504, 599].every(isRetryableStatus)).toBe(true)
    expect([200, 404, 410, 501, 503, 429].some(isRetryableStatus)).toBe(false)
    expect([429, 503].every(isThrottleStatus)).toBe(true)
  })
})

describe('linkSignals', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('aborts with a parent, passing its reason on; and stops listening once released', () => {
    const parent = new AbortController()
    const linked = linkSignals([parent.signal, undefined])
    parent.abort(new Error('source blocked'))
    expect((linked.signal.reason as Error).message).toBe('source blocked')

    const other = new AbortController()
    const released = linkSignals([other.signal])
    released.release()
    other.abort()
    expect(released.signal.aborted).toBe(false)
  })

  it('puts one listener on a parent however many signals follow it', async () => {
    const warnings: Error[] = []
    const onWarning = (w: Error) => warnings.push(w)
    process.on('warning', onWarning)
    const run = new AbortController()
    const linked = Array.from({ length: 300 }, () => linkSignals([run.signal]))
    run.abort(new Error('run deadline'))
    await new Promise((resolve) => setImmediate(resolve)) // warnings are emitted on a later tick
    process.off('warning', onWarning)
    expect(linked.every((l) => (l.signal.reason as Error).message === 'run deadline')).toBe(true)
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([])
  })

  it('times out with a TimeoutError, under fake timers too', () => {
    vi.useFakeTimers()
    const linked = linkSignals([], 1_000)
    vi.advanceTimersByTime(999)
    expect(linked.signal.aborted).toBe(false)
    vi.advanceTimersByTime(1)
    expect((linked.signal.reason as Error).name).toBe('TimeoutError')
  })
})
