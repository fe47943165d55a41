import { exchangeKey } from '../fetch/archive/exchange-key.js'
import type { SourceRequest } from '../kit/adapter.js'

/** The requests a crawl still has to make, first in first out; a request already queued once is not queued again. */
export interface RequestQueue {
  /** Queues the request unless one with the same exchange key was queued before; true when it was queued. */
  add(request: SourceRequest): boolean
  /** The next request, or undefined when none waits. */
  take(): SourceRequest | undefined
  /** Requests waiting. */
  readonly size: number
  /** Drops every waiting request (the source stopped); those queued before stay known, so none is queued again. */
  clear(): void
}

/** An empty queue. */
export function createRequestQueue(): RequestQueue {
  const seen = new Set<string>()
  const pending: SourceRequest[] = []
  return {
    add(request) {
      const key = exchangeKey(request)
      if (seen.has(key)) return false
      seen.add(key)
      pending.push(request)
      return true
    },
    take: () => pending.shift(),
    get size() {
      return pending.length
    },
    clear() {
      pending.length = 0
    },
  }
}

/** More requests than this in flight only fill memory: the host queues are the real limit. */
const MAX_IN_FLIGHT = 256

/** Options for {@link runQueue}. */
export interface RunQueueOptions {
  /** Makes one request and handles its page. */
  readonly handle: (request: SourceRequest) => Promise<void>
  /** What `handle` threw for the request. */
  readonly onError: (error: unknown, request: SourceRequest) => void
  /** Called whenever the queue is empty: may queue more requests (the next search), given the requests in flight. */
  readonly refill: (inFlight: number) => void
  /** When aborted, no request is started and those waiting are dropped; the ones in flight finish. */
  readonly signal: AbortSignal
  /** When aborted, the crawl ends once the requests in flight have settled. */
  readonly halted: AbortSignal
}

/**
 * Works the queue until it is empty and nothing is in flight: up to {@link MAX_IN_FLIGHT} requests at once, each
 * handled as its response comes; the fetcher's per-host queues keep the source's politeness.
 */
export async function runQueue(queue: RequestQueue, options: RunQueueOptions): Promise<void> {
  const { signal } = options
  const active = new Set<Promise<void>>()
  while (!options.halted.aborted) {
    if (queue.size === 0) options.refill(active.size)
    if (queue.size === 0 && active.size === 0) break
    while (queue.size > 0 && active.size < MAX_IN_FLIGHT && !signal.aborted) {
      const request = queue.take()!
      const task: Promise<void> = options
        .handle(request)
        .catch((error: unknown) => options.onError(error, request))
        .finally(() => active.delete(task))
      active.add(task)
    }
    if (signal.aborted) queue.clear()
    if (active.size > 0) await Promise.race(active)
  }
  await Promise.allSettled(active)
}
