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
import type { CrawlScope, ListingSource, SourceRequest } from '../kit/adapter.js'
import type { Listing } from '../kit/listing.js'
import { createPage, type Page } from '../kit/page.js'
import { type RejectedListing, saveFailedPage, validateListing } from '../parse/index.js'
import { type CrawlOutcome, decideOutcome, newTally } from './crawl-outcome.js'

export type { CrawlOutcome, CrawlStatus } from './crawl-outcome.js'

/** Options for {@link crawlSource}. */
export interface CrawlOptions {
  readonly fetcher: Fetcher
  readonly scope: CrawlScope
  /** Pages that fail to parse are kept here, under the source's id. */
  readonly failedDir: string
  readonly signal?: AbortSignal
  /** Stop following "next page" links after this many list pages. @default unlimited */
  readonly maxListPages?: number
  /** Stop after this many listings (detail requests plus inline listings). @default unlimited */
  readonly maxListings?: number
  readonly onListing: (listing: Listing) => void
  readonly onReject: (rejected: RejectedListing) => void
  readonly onPage?: (page: { url: string; label: 'list' | 'detail'; ok: boolean }) => void
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

  const enqueue = (request: SourceRequest) => {
    const key = exchangeKey(request)
    if (seen.has(key)) return
    seen.add(key)
    pending.push(request)
  }

  const accept = (input: unknown, page: Page) => {
    const result = validateListing(input, page.url)
    if (result.ok) {
      tally.listings += 1
      options.onListing(result.listing)
    } else {
      tally.rejected += 1
      options.onReject(result.rejected)
    }
  }

  const handleListPage = (page: Page) => {
    listPages += 1
    const result = source.parseListPage(page)
    const inline = result.listings ?? []
    const details = result.detailRequests ?? []
    if (inline.length === 0 && details.length === 0 && !result.noResults) {
      throw new LayoutChangedError('A full list page yielded no listings', { url: page.url })
    }
    for (const listing of inline) {
      if (!underListingLimit()) break
      enqueuedItems += 1
      accept(listing, page)
    }
    for (const detail of details) {
      if (!underListingLimit()) break
      enqueuedItems += 1
      enqueue(detail)
    }
    const cut = inline.length + details.length > 0 && !underListingLimit()
    const underPageLimit = options.maxListPages === undefined || listPages < options.maxListPages
    if (result.nextRequest && underPageLimit && underListingLimit()) enqueue(result.nextRequest)
    else if (result.nextRequest || cut) tally.truncated = true
  }

  /** Runs the adapter on a page; whatever it throws, the page is kept under `failed/` for a new fixture. */
  const parse = (page: Page, label: 'list' | 'detail') => {
    try {
      if (label === 'list') handleListPage(page)
      else if (source.parseDetailPage) accept(source.parseDetailPage(page), page)
    } catch (thrown) {
      const error =
        thrown instanceof PipelineError
          ? thrown
          : new ParseError(`The adapter threw: ${String(thrown)}`, { url: page.url }, { cause: thrown })
      tally.parseFailures += 1
      try {
        saveFailedPage(options.failedDir, source.id, page, error.message)
      } catch {
        // A full disk must not turn a parse failure into something else: the error below is what counts.
      }
      throw error
    }
  }

  const handle = async (request: SourceRequest) => {
    const fetchRequest = { ...request, render: source.render }
    const response = await options.fetcher.fetch(fetchRequest, source.politeness, { signal })
    const page = createPage(request, response.url, response.status, response.body)
    const blockSignal = source.detectBlock?.(page)
    if (blockSignal)
      throw new BlockedError(`Blocked by ${blockSignal}`, { url: page.url, signal: blockSignal })
    tally.pages += 1
    parse(page, request.label)
    options.onPage?.({ url: page.url, label: request.label, ok: true })
  }

  const stopSource = (reason: string) => {
    pending.length = 0
    halt.abort(new Error(reason))
  }

  const onError = (error: unknown, request: SourceRequest) => {
    // Requests cut short because the source already stopped are not failures of their own.
    if (signal.aborted && !(error instanceof BlockedError || error instanceof BrowserUnavailableError)) return
    options.onPage?.({ url: request.url, label: request.label, ok: false })
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

  for (const request of source.startRequests(options.scope)) enqueue(request)
  while ((pending.length > 0 || active.size > 0) && !halt.signal.aborted) {
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
  return decideOutcome(tally, stopped, Math.round(performance.now() - started))
}
