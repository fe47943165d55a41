import { politeSeconds } from '../../src/crawl/night-bound.js'
import type { Politeness } from '../../src/kit/adapter.js'
import { type RequestCounts, requestsOf } from './request-counts.js'

/** One host's share of a night. */
export interface HostNight {
  readonly requests: number
  /** The requests at the host's politeness interval. */
  readonly seconds: number
}

/** How long a night takes at the sites' politeness. */
export interface NightCost {
  readonly hosts: Readonly<Record<string, HostNight>>
  /** The longest host's night: the sources are crawled side by side. */
  readonly seconds: number
}

/**
 * A night's length from the requests the market counted: each host's requests (whatever their answer) times its
 * politeness interval per request, since a crawl with politeness scaled to 0 did not wait them out. Retry-After
 * pauses are not in it. A host without politeness in `politeness` costs nothing.
 */
export function nightCost(
  counts: RequestCounts,
  politeness: Readonly<Record<string, Politeness>>,
): NightCost {
  const hosts: Record<string, HostNight> = {}
  for (const host of Object.keys(counts)) {
    const requests = requestsOf(counts, host)
    const p = politeness[host]
    hosts[host] = { requests, seconds: p ? politeSeconds(p, requests) : 0 }
  }
  return { hosts, seconds: Math.max(0, ...Object.values(hosts).map((h) => h.seconds)) }
}
