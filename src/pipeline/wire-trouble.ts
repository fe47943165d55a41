import type { FetchEvent } from '../fetch/fetch-event.js'
import type { ListingSource } from '../kit/adapter.js'
import { count } from '../plural.js'

/** What a host's answers made the fetcher do: requests it waited out (429/503) and retried (errors, 5xx). */
interface HostTrouble {
  throttled: number
  retried: number
  lastRetry: string
}

/**
 * Counts the fetcher's throttles and retries per host, so that a source's line in the run report can say that its
 * site slowed the crawl down even when every page came in the end: a throttle is no failure, but it is news.
 */
export function createWireTrouble() {
  const byHost = new Map<string, HostTrouble>()
  const of = (url: string): HostTrouble => {
    const host = new URL(url).host
    let trouble = byHost.get(host)
    if (!trouble) {
      trouble = { throttled: 0, retried: 0, lastRetry: '' }
      byHost.set(host, trouble)
    }
    return trouble
  }
  return {
    observe(event: FetchEvent): void {
      if (event.type === 'throttled') of(event.url).throttled += 1
      if (event.type === 'retry') {
        const trouble = of(event.url)
        trouble.retried += 1
        trouble.lastRetry = event.reason
      }
    },
    /** What the source's hosts did ("Throttled 4 times (HTTP 429/503); retried 2 times (last: HTTP 500)"), or null. */
    noteFor(source: Pick<ListingSource, 'homepage' | 'hosts'>): string | null {
      const hosts = [new URL(source.homepage).host, ...(source.hosts ?? [])]
      const troubles = hosts.flatMap((h) => byHost.get(h) ?? [])
      const throttled = troubles.reduce((n, t) => n + t.throttled, 0)
      const retried = troubles.reduce((n, t) => n + t.retried, 0)
      const parts = [
        throttled > 0 ? `Throttled ${count(throttled, 'time')} (HTTP 429/503)` : '',
        retried > 0
          ? `retried ${count(retried, 'time')} (last: ${troubles.filter((t) => t.retried > 0).at(-1)!.lastRetry})`
          : '',
      ].filter(Boolean)
      const note = parts.join('; ')
      return note ? note[0]!.toUpperCase() + note.slice(1) : null
    },
  }
}

/** A run's count of throttles and retries per host. */
export type WireTrouble = ReturnType<typeof createWireTrouble>
