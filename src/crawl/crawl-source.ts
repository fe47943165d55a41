import type { Fetcher } from '../fetch/fetcher.js'
import type { CrawlScope, ListingSource, SourceRequest } from '../kit/adapter.js'
import type { Listing } from '../kit/listing.js'
import type { RejectedListing } from '../parse/index.js'
import type { PageMemo } from '../store/page-memos.repository.js'
import type { VerifiedBy } from '../store/schema.js'
import { type CrawlLimitOptions, createCrawlLimits } from './crawl-limits.js'
import {
  type CrawlOutcome,
  decideOutcome,
  newTally,
  requestsSent,
  stopsSource,
  triageError,
} from './crawl-outcome.js'
import { createRequestHandler } from './handle-request.js'
import { createMemoReplay } from './memo-replay.js'
import { createPageRouter } from './page-router.js'
import { createRequestQueue, runQueue } from './request-queue.js'
import { createSearchFrontier, planSearches, type SearchLog } from './search-frontier.js'

export type { CrawlOutcome, CrawlRequests, CrawlStatus } from './crawl-outcome.js'

/** Options for {@link crawlSource}. */
export interface CrawlOptions extends CrawlLimitOptions {
  readonly fetcher: Fetcher
  readonly scope: CrawlScope
  /** Pages that fail to parse are kept here, under the source's id. */
  readonly failedDir: string
  /** The run the crawl is part of: the files of a page that failed to parse are named after it. */
  readonly runId?: number
  readonly signal?: AbortSignal
  /**
   * A listing parsed this run, with how: from a list page (`list`) or its detail page (`detail`). Listings of
   * unchanged pages come through `onUnchanged`: `list` for a list page or a card that stood for its detail page,
   * `detail` for a detail page read with the same content, `not-modified` for one the site answered 304 for.
   */
  readonly onListing: (listing: Listing, verifiedBy: VerifiedBy) => void
  readonly onReject: (rejected: RejectedListing) => void
  readonly onPage?: (page: { url: string; label: 'list' | 'detail'; ok: boolean }) => void
  /**
   * Pages seen before: an unchanged page is not parsed again; its listings come back through `onUnchanged`. A page
   * remembered with validators is asked for conditionally, so an unchanged one costs a 304 instead of its body.
   */
  readonly memo?: PageMemo
  /** A listing an unchanged page (or card) yielded last time, by the source's own id. */
  readonly onUnchanged?: (sourceListingId: string, verifiedBy: VerifiedBy) => void
  /**
   * Crawl incrementally (needs `memo`): a remembered detail page whose search card is unchanged is not requested
   * until the refresh rotation reaches it, which re-reads every detail page within about `refreshNights` runs.
   * Without it, every detail page is requested each run (conditionally).
   */
  readonly incremental?: { readonly refreshNights: number }
  /**
   * Requests after which no new search starts and no detail page is asked for (see `nightBudget`); the list pages of
   * searches under way are still read, so that those searches complete. @default unlimited
   */
  readonly nightBudget?: number
  /** Where the searches' rotation is kept between runs: the order they are walked in, and which completed. */
  readonly searchLog?: SearchLog
}

/**
 * Crawls one listing source, as its parts do it: the searches' frontier feeds a request queue; each request is
 * fetched with the source's politeness, and its page either replayed from the memo or routed by its label to the
 * adapter's parser; what goes wrong is triaged into the tally the outcome is decided from. A block (or a missing
 * browser) stops the source at once: requests still queued are dropped, none is sent.
 */
export async function crawlSource(source: ListingSource, options: CrawlOptions): Promise<CrawlOutcome> {
  const started = performance.now()
  const tally = newTally()
  // Aborting this drops the source's queued requests in the fetcher and cuts those in flight short.
  const halt = new AbortController()
  const signal = options.signal ? AbortSignal.any([options.signal, halt.signal]) : halt.signal
  const budget = options.nightBudget ?? Number.POSITIVE_INFINITY
  const frontier = createSearchFrontier(planSearches(source, options.scope), {
    budget,
    log: options.searchLog,
  })
  const queue = createRequestQueue()
  const enqueue = (request: SourceRequest) => {
    if (queue.add(request)) frontier.queued(request)
  }
  // A limit stopped the crawl short of a page or listing: neither the crawl nor the search is complete.
  const limits = createCrawlLimits(options, enqueue, () => {
    tally.truncated = true
    frontier.cut()
  })
  const memo = options.onUnchanged ? options.memo : undefined
  const replay = createMemoReplay(source.id, memo, tally, limits, options.onUnchanged)
  const handle = createRequestHandler({
    source,
    fetcher: options.fetcher,
    failedDir: options.failedDir,
    runId: options.runId,
    onListing: options.onListing,
    onReject: options.onReject,
    onPage: options.onPage,
    signal,
    router: createPageRouter(source),
    tally,
    limits,
    frontier,
    memo,
    replay,
    // Taken at the crawl's start, before this run remembers anything of the source.
    refresh:
      memo && options.incremental
        ? memo.refreshPlan(source.id, options.incremental.refreshNights)
        : undefined,
    budget,
  })
  const onError = (error: unknown, request: SourceRequest) => {
    // Requests cut short because the source already stopped are not failures of their own.
    if (signal.aborted && !stopsSource(error)) return
    options.onPage?.({ url: request.url, label: request.label, ok: false })
    frontier.answered(request, false)
    const verdict = triageError(tally, error, request)
    if (verdict === 'lost') return replay.keepWhatItWas(request)
    queue.clear()
    halt.abort(new Error(`${source.id} ${verdict === 'blocked' ? 'is blocked' : 'has no browser'}`))
  }
  // A search starts once those under way have nothing left to queue and the host is nearly idle, so the night's
  // budget is weighed against every request made so far; a search started is followed to its last list page.
  const startSearches = (inFlight: number) => {
    while (queue.size === 0 && inFlight <= source.politeness.concurrency && !signal.aborted) {
      const search = frontier.next(requestsSent(tally.requests))
      if (!search) return
      for (const request of search.start) enqueue(request)
    }
  }
  await runQueue(queue, { handle, onError, refill: startSearches, signal, halted: halt.signal })
  const stopped = (options.signal?.aborted ?? false) && !tally.blocked && !tally.skipped
  return decideOutcome(tally, stopped, Math.round(performance.now() - started), frontier.summary())
}
