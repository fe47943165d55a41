import {
  BlockedError,
  BrowserUnavailableError,
  FetchError,
  LayoutChangedError,
  ParseError,
  PipelineError,
  RobotsDisallowedError,
} from '../errors.js'
import { exchangeKey } from '../fetch/archive/exchange-key.js'
import type { Fetcher } from '../fetch/fetcher.js'
import type { FetchResponse } from '../fetch/types.js'
import { NOT_MODIFIED, sameValidators, validatorsOf } from '../fetch/validators.js'
import type { CrawlScope, ListingSource, SourceRequest } from '../kit/adapter.js'
import type { Listing } from '../kit/listing.js'
import { createPage, type Page } from '../kit/page.js'
import { type RejectedListing, saveFailedPage, validateListing } from '../parse/index.js'
import type { VerifiedBy } from '../store/schema.js'
import { type CrawlOutcome, decideOutcome, newTally } from './crawl-outcome.js'
import type { PageMemo, PageYield, RecalledPage } from '../store/page-memos.repository.js'
import { planRequest } from './request-plan.js'
import { createSearchFrontier, planSearches, type SearchLog } from './search-frontier.js'

export type { CrawlOutcome, CrawlRequests, CrawlStatus } from './crawl-outcome.js'

/** Options for {@link crawlSource}. */
export interface CrawlOptions {
  readonly fetcher: Fetcher
  readonly scope: CrawlScope
  /** Pages that fail to parse are kept here, under the source's id. */
  readonly failedDir: string
  /** The run the crawl is part of: the files of a page that failed to parse are named after it. */
  readonly runId?: number
  readonly signal?: AbortSignal
  /** Stop following "next page" links after this many list pages. @default unlimited */
  readonly maxListPages?: number
  /** Stop after this many listings (detail requests plus inline listings). @default unlimited */
  readonly maxListings?: number
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

/** What one parsed page gave, for the memo; a page with a reject or an error is not remembered. */
interface Collected {
  listingIds: string[]
  requests: SourceRequest[]
  clean: boolean
}

/** More requests than this in flight only fill memory: the host queues are the real limit. */
const MAX_IN_FLIGHT = 256

/**
 * Crawls one listing source: list pages → detail pages → validated listings, with the source's politeness.
 * A block (or a missing browser) stops the source at once: requests still queued are dropped, none is sent.
 */
export async function crawlSource(source: ListingSource, options: CrawlOptions): Promise<CrawlOutcome> {
  const started = performance.now()
  const tally = newTally()
  let listPages = 0
  let enqueuedItems = 0
  const seen = new Set<string>()
  const pending: SourceRequest[] = []
  const active = new Set<Promise<void>>()
  // Aborting this drops the source's queued requests in the fetcher and cuts those in flight short.
  const halt = new AbortController()
  const signal = options.signal ? AbortSignal.any([options.signal, halt.signal]) : halt.signal
  const underListingLimit = () => options.maxListings === undefined || enqueuedItems < options.maxListings
  const budget = options.nightBudget ?? Number.POSITIVE_INFINITY
  const frontier = createSearchFrontier(planSearches(source, options.scope), {
    budget,
    log: options.searchLog,
  })
  let requests = 0
  /** A limit stopped the crawl short of a page or listing: neither the crawl nor the search is complete. */
  const truncate = () => {
    tally.truncated = true
    frontier.cut()
  }

  const enqueue = (request: SourceRequest) => {
    const key = exchangeKey(request)
    if (seen.has(key)) return
    seen.add(key)
    pending.push(request)
    frontier.queued(request)
  }

  const accept = (input: unknown, page: Page, collected: Collected, verifiedBy: VerifiedBy) => {
    const result = validateListing(input, page.url)
    if (result.ok) {
      tally.listings += 1
      collected.listingIds.push(result.listing.sourceListingId)
      options.onListing(result.listing, verifiedBy)
    } else {
      tally.rejected += 1
      collected.clean = false
      options.onReject(result.rejected)
    }
  }

  /** Follows detail requests and the next page within the run's limits, from a parsed or a remembered page. */
  const follow = (
    details: readonly SourceRequest[],
    next: SourceRequest | undefined,
    collected?: Collected,
  ) => {
    for (const detail of details) {
      if (!underListingLimit()) break
      enqueuedItems += 1
      enqueue(detail)
      collected?.requests.push(detail)
    }
    const cut = details.length > 0 && !underListingLimit()
    const underPageLimit = options.maxListPages === undefined || listPages < options.maxListPages
    if (next && underPageLimit && underListingLimit()) {
      enqueue(next)
      collected?.requests.push(next)
    } else if (next || cut) truncate()
  }

  const handleListPage = (page: Page, collected: Collected) => {
    listPages += 1
    const result = source.parseListPage(page)
    const inline = result.listings ?? []
    const details = result.detailRequests ?? []
    if (inline.length === 0 && details.length === 0 && !result.noResults) {
      throw new LayoutChangedError('A full list page yielded no listings', { url: page.url })
    }
    for (const listing of inline) {
      if (!underListingLimit()) {
        truncate()
        break
      }
      enqueuedItems += 1
      accept(listing, page, collected, 'list')
    }
    follow(details, result.nextRequest, collected)
  }

  /**
   * A page whose content is what it was last time: what it yielded then, without parsing. A page fetched for it
   * counts as unchanged; one whose unchanged card stood in for it was not fetched at all.
   */
  const replay = (label: 'list' | 'detail', yielded: PageYield, verifiedBy: VerifiedBy, fetched = true) => {
    if (label === 'list') listPages += 1
    if (fetched) tally.pagesUnchanged += 1
    for (const id of yielded.listingIds) {
      if (!underListingLimit()) {
        truncate()
        break
      }
      if (label === 'list') enqueuedItems += 1
      tally.listings += 1
      tally.unchanged += 1
      options.onUnchanged?.(id, verifiedBy)
    }
    follow(
      yielded.requests.filter((r) => r.label === 'detail'),
      yielded.requests.find((r) => r.label === 'list'),
    )
  }

  /** Runs the adapter on a page; whatever it throws, the page is kept under `failed/` for a new fixture. */
  const parse = (page: Page, label: 'list' | 'detail', collected: Collected) => {
    try {
      if (label === 'list') handleListPage(page, collected)
      else if (source.parseDetailPage) accept(source.parseDetailPage(page), page, collected, 'detail')
    } catch (thrown) {
      const error =
        thrown instanceof PipelineError
          ? thrown
          : new ParseError(`The adapter threw: ${String(thrown)}`, { url: page.url }, { cause: thrown })
      tally.parseFailures += 1
      try {
        saveFailedPage(options.failedDir, source.id, page, error.message, options.runId)
      } catch {
        // A full disk must not turn a parse failure into something else: the error below is what counts.
      }
      throw error
    }
  }

  const memo = options.onUnchanged ? options.memo : undefined
  // Taken at the crawl's start, before this run remembers anything of the source.
  const refresh =
    memo && options.incremental ? memo.refreshPlan(source.id, options.incremental.refreshNights) : undefined

  /** A request as it was fetched: its memo key, the memo recalled for it, and its card's digest. */
  interface Asked {
    readonly request: SourceRequest
    readonly key: string
    readonly remembered: RecalledPage | undefined
    readonly cardDigest: string | null
    readonly conditional: boolean
  }

  /**
   * Remembers a page again in this run though it did not change: a detail page so that the refresh rotation moves
   * on and its card is current, a list page read in full so that its memo's age starts again, and any page whose
   * validators changed (a memo from before they were kept, or a site that started sending them) so that the next
   * run can ask for a 304.
   */
  const rememberAgain = (asked: Asked, remembered: RecalledPage, validators = remembered.validators) => {
    const { request } = asked
    if (request.label === 'list' && asked.conditional && sameValidators(validators, remembered.validators))
      return
    const { runId: _runId, ...page } = remembered
    memo!.remember(source.id, asked.key, {
      ...page,
      validators,
      label: request.label,
      cardDigest: asked.cardDigest,
    })
  }

  /** A page that came with a body: replayed when its content is what was remembered, else parsed and remembered. */
  const handleBody = (asked: Asked, response: FetchResponse) => {
    const { request, remembered } = asked
    const page = createPage(request, response.url, response.status, response.body)
    const blockSignal = source.detectBlock?.(page)
    if (blockSignal)
      throw new BlockedError(`Blocked by ${blockSignal}`, { url: page.url, signal: blockSignal })
    tally.pages += 1
    if (!memo) return parse(page, request.label, { listingIds: [], requests: [], clean: true })
    const digest = memo.digest(response.body)
    const validators = validatorsOf(response)
    if (remembered?.digest === digest) {
      replay(request.label, remembered.yielded, request.label)
      rememberAgain(asked, remembered, validators)
      return
    }
    const collected: Collected = { listingIds: [], requests: [], clean: true }
    parse(page, request.label, collected)
    if (collected.clean)
      memo.remember(source.id, asked.key, {
        digest,
        validators,
        yielded: collected,
        label: request.label,
        cardDigest: asked.cardDigest,
      })
  }

  const handle = async (request: SourceRequest) => {
    // What the page yielded last time, if that can still be replayed; the plan says whether its validators ask the
    // site for a 304, or whether its unchanged card stands for it without a request.
    const key = exchangeKey(request)
    const remembered = memo?.recall(source.id, key)
    const cardDigest = memo && request.card !== undefined ? memo.digest(request.card) : undefined
    const plan = planRequest(request, key, remembered, cardDigest, refresh)
    if (plan.kind === 'card') {
      // The search card is what it was when the detail page was last read: the page stands as it was.
      replay('detail', remembered!.yielded, 'list', false)
      return
    }
    if (request.label === 'detail' && requests >= budget) {
      // The night is spent: the page waits for a later night, and its listing stays as the last read left it.
      frontier.exhausted()
      keepWhatItWas(request)
      return
    }
    tally.requests[plan.kind] += 1
    requests += 1
    const asked: Asked = {
      request,
      key,
      remembered,
      cardDigest: cardDigest ?? null,
      conditional: plan.conditional,
    }
    const validators = plan.conditional ? remembered?.validators : undefined
    const fetchRequest = { ...request, render: source.render, validators }
    const response = await options.fetcher.fetch(fetchRequest, source.politeness, { signal })
    frontier.enter(request)
    if (response.status !== NOT_MODIFIED) handleBody(asked, response)
    else if (remembered) {
      // The site confirmed the remembered version: there is no body to check for a block or to parse.
      tally.requests.notModified += 1
      tally.pages += 1
      tally.pagesNotModified += 1
      replay(request.label, remembered.yielded, request.label === 'list' ? 'list' : 'not-modified')
      if (request.label === 'detail') rememberAgain(asked, remembered)
    } else {
      // A 304 with no memo to replay (an archive replayed into another database, or a site that answers 304 to a
      // plain request) leaves nothing to go on: the page failed, as one that could not be fetched.
      tally.requests.notModified += 1
      throw new FetchError('HTTP 304 for a page not remembered here', {
        url: request.url,
        status: NOT_MODIFIED,
      })
    }
    frontier.answered(request, true)
    options.onPage?.({ url: response.url, label: request.label, ok: true })
  }

  const stopSource = (reason: string) => {
    pending.length = 0
    halt.abort(new Error(reason))
  }

  /**
   * A detail page that could not be read (or parsed) this time, of a listing whose card the list page still shows:
   * the listing stands as it was last read, so that a failed request never makes it look gone.
   */
  const keepWhatItWas = (request: SourceRequest) => {
    if (request.label !== 'detail') return
    const remembered = memo?.recall(source.id, exchangeKey(request))
    if (remembered) replay('detail', remembered.yielded, 'list', false)
  }

  const onError = (error: unknown, request: SourceRequest) => {
    // Requests cut short because the source already stopped are not failures of their own.
    if (signal.aborted && !(error instanceof BlockedError || error instanceof BrowserUnavailableError)) return
    options.onPage?.({ url: request.url, label: request.label, ok: false })
    frontier.answered(request, false)
    const message = error instanceof Error ? error.message : String(error)
    if (error instanceof BlockedError) {
      tally.blocked ??= `${message} at ${request.url}`
      return stopSource(`${source.id} is blocked`)
    }
    if (error instanceof BrowserUnavailableError) {
      tally.skipped ??= `Needs a browser: ${message}`
      return stopSource(`${source.id} has no browser`)
    }
    tally.errors += 1
    tally.lastError = `${message} at ${request.url}`
    keepWhatItWas(request)
    if (error instanceof RobotsDisallowedError) tally.robotsRefused += 1
    else if (
      error instanceof LayoutChangedError ||
      (error instanceof ParseError && request.label === 'list')
    ) {
      tally.layout ??= `${message} at ${request.url}`
    } else if (error instanceof FetchError) {
      tally.pagesFailed += 1
      if (request.label === 'list') tally.listPagesLost += 1
    }
  }

  // A search starts once those under way have nothing left to queue and the host is nearly idle, so the night's
  // budget is weighed against every request made so far; a search started is followed to its last list page.
  const startSearches = () => {
    while (pending.length === 0 && active.size <= source.politeness.concurrency && !signal.aborted) {
      const search = frontier.next(requests)
      if (!search) return
      for (const request of search.start) enqueue(request)
    }
  }
  while (!halt.signal.aborted) {
    startSearches()
    if (pending.length === 0 && active.size === 0) break
    while (pending.length > 0 && active.size < MAX_IN_FLIGHT && !signal.aborted) {
      const request = pending.shift()!
      const task: Promise<void> = handle(request)
        .catch((error: unknown) => onError(error, request))
        .finally(() => active.delete(task))
      active.add(task)
    }
    if (signal.aborted) pending.length = 0
    if (active.size > 0) await Promise.race(active)
  }
  await Promise.allSettled(active)
  const stopped = (options.signal?.aborted ?? false) && !tally.blocked && !tally.skipped
  return decideOutcome(tally, stopped, Math.round(performance.now() - started), frontier.summary())
}
