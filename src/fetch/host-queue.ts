import PQueue from 'p-queue'
import type { Politeness } from '../kit/adapter.js'
import type { Sleep } from './types.js'

/** Successful responses, after a slow-down, that earn a host one concurrent request back. */
export const RECOVERY_SUCCESSES = 10

interface HostState {
  readonly queue: PQueue
  /** The adapter's concurrency: slow-downs halve the queue's, recovery brings it back, never above this. */
  readonly ceiling: number
  /** No request starts before this (the site's Retry-After). */
  pausedUntil: number
  /** The earliest start of the next request (robots.txt crawl-delay). */
  nextStart: number
  successes: number
}

/** Options for {@link HostQueues}. */
export interface HostQueuesOptions {
  readonly sleep: Sleep
  /** @default Date.now */
  readonly now?: () => number
}

/**
 * One p-queue per host, built from the adapter's politeness, plus what the host itself asks for: a pause after
 * 429/503 (with concurrency halved, then regained step by step) and a gap between requests (crawl-delay).
 */
export class HostQueues {
  readonly #hosts = new Map<string, HostState>()
  readonly #gaps = new Map<string, number>()
  readonly #sleep: Sleep
  readonly #now: () => number

  constructor(options: HostQueuesOptions) {
    this.#sleep = options.sleep
    this.#now = options.now ?? Date.now
  }

  /**
   * Runs `task` in `host`'s queue once the host's pause and crawl-delay allow. The host's first call fixes its
   * politeness. An aborted `signal` drops the task from the queue (its promise rejects) and cuts any wait short.
   */
  run<T>(host: string, politeness: Politeness, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const state = this.#stateFor(host, politeness)
    return state.queue.add(
      async () => {
        await this.#waitTurn(host, state, signal)
        signal?.throwIfAborted()
        return task()
      },
      { signal },
    )
  }

  /**
   * The site asked us to slow down (429/503): hold every request to `host` for `ms`, and halve its concurrency
   * once per episode (the other requests of the same burst that also get 429 do not halve it again).
   * Returns the host's concurrency now.
   */
  slowDown(host: string, ms: number): number {
    const state = this.#hosts.get(host)
    if (!state) return 0
    const now = this.#now()
    const newEpisode = state.pausedUntil <= now
    state.pausedUntil = Math.max(state.pausedUntil, now + ms)
    state.successes = 0
    if (newEpisode && state.queue.concurrency > 1)
      state.queue.concurrency = Math.floor(state.queue.concurrency / 2)
    return state.queue.concurrency
  }

  /** A request to `host` succeeded: every {@link RECOVERY_SUCCESSES} in a row give back one concurrent request. */
  succeeded(host: string): void {
    const state = this.#hosts.get(host)
    if (!state || state.queue.concurrency >= state.ceiling) return
    state.successes += 1
    if (state.successes < RECOVERY_SUCCESSES) return
    state.successes = 0
    state.queue.concurrency += 1
  }

  /** Keeps at least `ms` between request starts on `host` (robots.txt crawl-delay). */
  spaceOut(host: string, ms: number): void {
    this.#gaps.set(host, Math.max(this.#gaps.get(host) ?? 0, ms))
  }

  /** The number of requests `host` may have in flight now, or undefined before its first request. */
  concurrencyOf(host: string): number | undefined {
    return this.#hosts.get(host)?.queue.concurrency
  }

  #stateFor(host: string, politeness: Politeness): HostState {
    let state = this.#hosts.get(host)
    if (!state) {
      state = {
        queue: new PQueue({ ...politeness, carryoverIntervalCount: true }),
        ceiling: politeness.concurrency,
        pausedUntil: 0,
        nextStart: 0,
        successes: 0,
      }
      this.#hosts.set(host, state)
    }
    return state
  }

  async #waitTurn(host: string, state: HostState, signal: AbortSignal | undefined): Promise<void> {
    for (;;) {
      const until = Math.max(state.pausedUntil, state.nextStart)
      const wait = until - this.#now()
      if (wait <= 0) break
      await this.#sleep(wait, signal)
      // Sleeps may be simulated (tests, replays), so the clock is not re-read to decide: wait again only when
      // another request pushed the pause further while this one slept.
      if (Math.max(state.pausedUntil, state.nextStart) <= until) break
    }
    const gap = this.#gaps.get(host) ?? 0
    if (gap > 0) state.nextStart = this.#now() + gap
  }
}
