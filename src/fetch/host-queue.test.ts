import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HostQueues, RECOVERY_SUCCESSES } from './host-queue.js'
import { sleep } from './sleep.js'

const FOUR = { concurrency: 4, intervalCap: Number.POSITIVE_INFINITY, interval: 0 }
const HOST = 'example.nl'

describe('HostQueues (fake timers: no test waits for real)', () => {
  // Not 0: p-queue starts its window bookkeeping at `intervalEnd = 0`, so a clock at 0 lets a second task in.
  const T0 = 1_700_000_000_000
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** Runs `n` tasks on the host and returns when each started, in fake ms. */
  const startTimes = (queues: HostQueues, n: number, politeness = FOUR) => {
    const starts: number[] = []
    const done = Promise.all(
      Array.from({ length: n }, () =>
        queues.run(HOST, politeness, async () => void starts.push(Date.now() - T0)),
      ),
    )
    return { starts, done }
  }

  it('spaces request starts by the crawl-delay, even with spare concurrency', async () => {
    const queues = new HostQueues({ sleep })
    queues.spaceOut(HOST, 1_500)
    const { starts, done } = startTimes(queues, 3)
    await vi.advanceTimersByTimeAsync(5_000)
    await done
    expect(starts).toEqual([0, 1_500, 3_000])
  })

  it('holds every request for the Retry-After pause', async () => {
    const queues = new HostQueues({ sleep })
    await queues.run(HOST, FOUR, async () => {})
    queues.slowDown(HOST, 2_000)
    const { starts, done } = startTimes(queues, 2)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(starts).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(starts).toEqual([2_000, 2_000])
  })

  it('halves concurrency once per throttle episode, and wins it back one step per run of successes', async () => {
    const queues = new HostQueues({ sleep })
    await queues.run(HOST, FOUR, async () => {})
    expect(queues.slowDown(HOST, 1_000)).toBe(2)
    // More 429s from the same burst, while the pause holds, do not halve again.
    expect(queues.slowDown(HOST, 1_000)).toBe(2)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(queues.slowDown(HOST, 1_000)).toBe(1)
    for (let i = 0; i < RECOVERY_SUCCESSES - 1; i++) queues.succeeded(HOST)
    expect(queues.concurrencyOf(HOST)).toBe(1)
    queues.succeeded(HOST)
    expect(queues.concurrencyOf(HOST)).toBe(2)
    for (let i = 0; i < RECOVERY_SUCCESSES * 5; i++) queues.succeeded(HOST)
    // Never above what the adapter asked for.
    expect(queues.concurrencyOf(HOST)).toBe(4)
  })

  it("keeps the adapter's politeness (intervalCap per interval) for the host, whoever asks next", async () => {
    const queues = new HostQueues({ sleep })
    const { starts, done } = startTimes(queues, 3, { concurrency: 2, intervalCap: 1, interval: 1_000 })
    const later = queues.run(HOST, FOUR, async () => void starts.push(Date.now() - T0))
    await vi.advanceTimersByTimeAsync(5_000)
    await Promise.all([done, later])
    expect(starts).toEqual([0, 1_000, 2_000, 3_000])
    expect(queues.concurrencyOf(HOST)).toBe(2)
  })

  it('drops a queued task when its signal aborts, without running it', async () => {
    const queues = new HostQueues({ sleep })
    const single = { concurrency: 1, intervalCap: Number.POSITIVE_INFINITY, interval: 0 }
    const ran: string[] = []
    const stop = new AbortController()
    const first = queues.run(HOST, single, () => sleep(1_000).then(() => void ran.push('first')))
    const second = queues.run(HOST, single, async () => void ran.push('second'), stop.signal).catch((e) => e)
    stop.abort(new Error('source blocked'))
    await vi.advanceTimersByTimeAsync(1_000)
    await first
    expect(((await second) as Error).message).toBe('source blocked')
    expect(ran).toEqual(['first'])
  })
})

describe('HostQueues with a simulated sleep (tests and replays)', () => {
  it('asks for each wait once instead of spinning until the real clock catches up', async () => {
    const waits: number[] = []
    const queues = new HostQueues({ sleep: async (ms) => void waits.push(ms), now: () => 10_000 })
    queues.spaceOut(HOST, 3_000)
    await Promise.all([1, 2, 3].map(() => queues.run(HOST, FOUR, async () => {})))
    expect(waits).toEqual([3_000, 3_000])
  })
})
