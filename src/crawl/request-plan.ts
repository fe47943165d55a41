import type { SourceRequest } from '../kit/adapter.js'
import type { RecalledPage, RefreshPlan } from '../store/page-memos.repository.js'
import type { CrawlRequests } from './crawl-outcome.js'

/** The kinds of request a crawl counts (see {@link CrawlRequests}). */
export type RequestKind = Exclude<keyof CrawlRequests, 'notModified'>

/**
 * What to do with a request: replay the remembered detail page its unchanged card stands for, without a request;
 * or fetch it, counted as `kind`, with the remembered validators only when `conditional`.
 */
export type RequestPlan =
  | { readonly kind: 'card' }
  | { readonly kind: RequestKind; readonly conditional: boolean }

/**
 * Plans one request of an incremental crawl (`refresh` given) or of a full one (every page fetched, conditionally).
 * A list page is asked for conditionally unless its memo is older than the refresh bound: a stale validator must
 * not hide a list forever. A remembered detail page whose card is unchanged is replayed until its turn to be
 * refreshed. A changed card, a missing one, or a refresh fetch the page without validators: the card says the
 * page changed, and the refresh exists to catch what cards and validators miss (a site answering 304 for a
 * changed page).
 */
export function planRequest(
  request: SourceRequest,
  pageKey: string,
  remembered: RecalledPage | undefined,
  cardDigest: string | undefined,
  refresh: RefreshPlan | undefined,
): RequestPlan {
  if (request.label === 'list') {
    const stale =
      refresh !== undefined && remembered !== undefined && remembered.runId <= refresh.listStaleUpTo
    return { kind: 'list', conditional: !stale }
  }
  if (!remembered) return { kind: 'detailNew', conditional: true }
  const sameCard = cardDigest !== undefined && remembered.cardDigest === cardDigest
  if (!refresh) return { kind: sameCard ? 'refresh' : 'detailChanged', conditional: true }
  if (!sameCard) return { kind: 'detailChanged', conditional: false }
  if (refresh.due.has(pageKey)) return { kind: 'refresh', conditional: false }
  return { kind: 'card' }
}
