import type { Politeness } from '../kit/adapter.js'

/**
 * A polite crawler reads a site's robots.txt each night before anything else: a copy may be kept for a day at most
 * (RFC 9309), and nights are a day apart.
 */
export const ROBOTS_PER_NIGHT = 1

/** What a night's lower bound is made of: the list pages of the scope it walked, and the detail pages it needed. */
export interface NightBoundParts {
  readonly listPages: number
  /** One per listing of that scope that is new or whose search card changed. */
  readonly details: number
}

/**
 * The fewest requests a night could have taken and still found every change its cards show: robots.txt, the list
 * pages walked and a detail page per new or changed listing. What a crawl asks beyond it is its refresh rotation.
 */
export const nightLowerBound = (parts: NightBoundParts): number =>
  ROBOTS_PER_NIGHT + parts.listPages + parts.details

/** Every request of a night: robots.txt, its list and detail pages, and the pages its refresh rotation re-read. */
export const nightRequests = (parts: NightBoundParts & { readonly refresh: number }): number =>
  nightLowerBound(parts) + parts.refresh

/** How long `requests` take at `politeness`, in seconds: one every `interval / intervalCap` ms. */
export const politeSeconds = (politeness: Politeness, requests: number): number =>
  politeness.interval <= 0 ? 0 : (requests * politeness.interval) / politeness.intervalCap / 1000
