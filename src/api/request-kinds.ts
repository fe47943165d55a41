import type { CrawlRequests } from '../crawl/crawl-outcome.js'

/** A crawl's requests by kind as the API names them: search pages, detail pages read and detail pages answered 304. */
export const REQUEST_KINDS = ['list', 'detail_new', 'detail_changed', 'refresh', 'not_modified'] as const

/** One kind of request; see {@link REQUEST_KINDS}. */
export type RequestKind = (typeof REQUEST_KINDS)[number]

/** A run's requests of one source, per kind. */
export type RequestsByKind = Readonly<Record<RequestKind, number>>

/** Where each kind is kept in `run_sources.requests_json`, which the crawl writes with its own (camelCase) names. */
const STORED_AS: Readonly<Record<RequestKind, keyof CrawlRequests>> = {
  list: 'list',
  detail_new: 'detailNew',
  detail_changed: 'detailChanged',
  refresh: 'refresh',
  not_modified: 'notModified',
}

/**
 * The requests a run recorded for a source, or null when it recorded none (a file source, a run from before they
 * were counted) or the record is not an object. A kind the record lacks counts zero: the API never fails over it.
 */
export function readRequestsByKind(json: string | null): RequestsByKind | null {
  if (json === null) return null
  let stored: unknown
  try {
    stored = JSON.parse(json)
  } catch {
    return null
  }
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return null
  const counts = stored as Record<string, unknown>
  const count = (kind: RequestKind) => {
    const n = counts[STORED_AS[kind]]
    return typeof n === 'number' && Number.isFinite(n) ? n : 0
  }
  return Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, count(kind)])) as RequestsByKind
}
