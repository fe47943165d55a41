import PQueue from 'p-queue'
import type { Politeness } from '../kit/adapter.js'

/** One p-queue per host, built from the adapter's politeness, plus a pause the host can be put under. */
export class HostQueues {
  readonly #queues = new Map<string, PQueue>()
  readonly #pausedUntil = new Map<string, number>()
  readonly #minInterval = new Map<string, number>()
  readonly #sleep: (ms: number) => Promise<void>

  constructor(sleep: (ms: number) => Promise<void>) {
    this.#sleep = sleep
  }

  /** Runs `task` in `host`'s queue once the host's pause (from Retry-After or crawl-delay) has passed. */
  run<T>(host: string, politeness: Politeness, task: () => Promise<T>): Promise<T> {
    let queue = this.#queues.get(host)
    if (!queue) {
      queue = new PQueue({ ...politeness, carryoverIntervalCount: true })
      this.#queues.set(host, queue)
    }
    return queue.add(async () => {
      for (;;) {
        const wait = (this.#pausedUntil.get(host) ?? 0) - Date.now()
        if (wait <= 0) break
        await this.#sleep(wait)
      }
      const gap = this.#minInterval.get(host)
      if (gap) this.#pausedUntil.set(host, Date.now() + gap)
      return task()
    }) as Promise<T>
  }

  /** Holds every request to `host` for `ms`, and halves its concurrency: the site asked us to slow down. */
  slowDown(host: string, ms: number): void {
    this.#pausedUntil.set(host, Math.max(this.#pausedUntil.get(host) ?? 0, Date.now() + ms))
    const queue = this.#queues.get(host)
    if (queue && queue.concurrency > 1) queue.concurrency = Math.max(1, Math.floor(queue.concurrency / 2))
  }

  /** Keeps at least `ms` between request starts on `host` (robots.txt crawl-delay). */
  spaceOut(host: string, ms: number): void {
    this.#minInterval.set(host, Math.max(this.#minInterval.get(host) ?? 0, ms))
  }

  /** Waits for every queued request to finish. */
  async idle(): Promise<void> {
    await Promise.all([...this.#queues.values()].map((q) => q.onIdle()))
  }

  /** Drops requests that have not started (a source stopped). */
  clear(host: string): void {
    this.#queues.get(host)?.clear()
  }
}
