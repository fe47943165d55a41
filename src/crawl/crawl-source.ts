import { BlockedError, FetchError, LayoutChangedError, ParseError, RobotsDisallowedError } from '../errors.js'
import { exchangeKey } from '../fetch/archive/exchange-key.js'
import type { Fetcher } from '../fetch/fetcher.js'
import type { CrawlScope, ListingSource, SourceRequest } from '../kit/adapter.js'
import type { Listing } from '../kit/listing.js'
import { createPage, type Page } from '../kit/page.js'
import { type RejectedListing, saveFailedPage, validateListing } from '../parse/index.js'

/** How a source's crawl ended. `failed` and `blocked` sources keep their previous data. */
export type CrawlStatus = 'ok' | 'failed' | 'blocked' | 'stopped'

/** Counters and outcome of one source's crawl, for the run report. */
export interface CrawlOutcome {
  readonly status: CrawlStatus
  readonly pages: number
  readonly pagesFailed: number
  readonly listings: number
  readonly rejected: number
  readonly errors: number
  /** One line saying what went wrong, or null. */
  readonly message: string | null
  /** The layout looked changed: whatever this crawl parsed must not be published. */
  readonly layoutChanged: boolean
  readonly durationMs: number
}

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

/** Crawls one listing source: list pages → detail pages → validated listings, with the source's politeness. */
export async function crawlSource(source: ListingSource, options: CrawlOptions): Promise<CrawlOutcome> {
  const started = performance.now()
  const counts = {
    pages: 0,
    pagesFailed: 0,
    listings: 0,
    rejected: 0,
    errors: 0,
    listPages: 0,
    enqueuedItems: 0,
  }
  const seen = new Set<string>()
  const pending: SourceRequest[] = []
  const active = new Set<Promise<void>>()
  let blocked: string | null = null
  let layout: string | null = null
  let lastError: string | null = null
  let robotsRefused = 0

  const enqueue = (request: SourceRequest) => {
    const key = exchangeKey(request)
    if (seen.has(key)) return
    seen.add(key)
    pending.push(request)
  }

  const accept = (input: unknown, page: Page) => {
    const result = validateListing(input, page.url)
    if (result.ok) {
      counts.listings += 1
      options.onListing(result.listing)
    } else {
      counts.rejected += 1
      options.onReject(result.rejected)
    }
  }

  const handleListPage = (page: Page) => {
    counts.listPages += 1
    const result = source.parseListPage(page)
    const inline = result.listings ?? []
    const details = result.detailRequests ?? []
    if (inline.length === 0 && details.length === 0 && !result.noResults) {
      throw new LayoutChangedError('A full list page yielded no listings', { url: page.url })
    }
    for (const listing of inline) {
      if (options.maxListings !== undefined && counts.enqueuedItems >= options.maxListings) break
      counts.enqueuedItems += 1
      accept(listing, page)
    }
    for (const detail of details) {
      if (options.maxListings !== undefined && counts.enqueuedItems >= options.maxListings) break
      counts.enqueuedItems += 1
      enqueue(detail)
    }
    const underPageLimit = options.maxListPages === undefined || counts.listPages < options.maxListPages
    const underListingLimit = options.maxListings === undefined || counts.enqueuedItems < options.maxListings
    if (result.nextRequest && underPageLimit && underListingLimit) enqueue(result.nextRequest)
  }

  const handle = async (request: SourceRequest) => {
    const response = await options.fetcher.fetch(
      {
        url: request.url,
        method: request.method,
        body: request.body,
        headers: request.headers,
        render: source.render,
      },
      source.politeness,
    )
    const page = createPage(request, response.url, response.status, response.body)
    const signal = source.detectBlock?.(page)
    if (signal) throw new BlockedError(`Blocked by ${signal}`, { url: page.url, signal })
    counts.pages += 1
    try {
      if (request.label === 'list') handleListPage(page)
      else if (source.parseDetailPage) accept(source.parseDetailPage(page), page)
      options.onPage?.({ url: page.url, label: request.label, ok: true })
    } catch (error) {
      if (error instanceof ParseError || error instanceof LayoutChangedError) {
        saveFailedPage(options.failedDir, source.id, page, error.message)
      }
      throw error
    }
  }

  const onError = (error: unknown, request: SourceRequest) => {
    options.onPage?.({ url: request.url, label: request.label, ok: false })
    if (error instanceof BlockedError) {
      blocked ??= `${error.message} at ${request.url}`
      pending.length = 0
      return
    }
    counts.errors += 1
    if (error instanceof RobotsDisallowedError) robotsRefused += 1
    else if (
      error instanceof LayoutChangedError ||
      (error instanceof ParseError && request.label === 'list')
    ) {
      layout ??= `${error.message} at ${request.url}`
    } else if (error instanceof FetchError) counts.pagesFailed += 1
    lastError = `${error instanceof Error ? error.message : String(error)} at ${request.url}`
  }

  for (const request of source.startRequests(options.scope)) enqueue(request)
  while ((pending.length > 0 || active.size > 0) && !blocked) {
    while (pending.length > 0 && active.size < MAX_IN_FLIGHT && !blocked && !options.signal?.aborted) {
      const request = pending.shift()!
      const task: Promise<void> = handle(request)
        .catch((error: unknown) => onError(error, request))
        .finally(() => active.delete(task))
      active.add(task)
    }
    if (options.signal?.aborted) pending.length = 0
    if (active.size > 0) await Promise.race(active)
  }
  await Promise.allSettled(active)

  const base = {
    ...counts,
    layoutChanged: layout !== null,
    durationMs: Math.round(performance.now() - started),
  }
  const status = ((): { status: CrawlStatus; message: string | null } => {
    if (blocked) return { status: 'blocked', message: blocked }
    if (options.signal?.aborted) return { status: 'stopped', message: 'Stopped at the run deadline' }
    if (layout) return { status: 'failed', message: `Layout changed? ${layout}` }
    if (counts.pages === 0) {
      const why =
        robotsRefused > 0
          ? 'robots.txt disallows every start page'
          : (lastError ?? 'no page could be fetched')
      return { status: 'failed', message: why }
    }
    if (counts.listings === 0 && counts.rejected > 0) {
      return {
        status: 'failed',
        message: `Every listing (${counts.rejected}) failed validation: layout changed?`,
      }
    }
    if (counts.pagesFailed > counts.pages) {
      return {
        status: 'failed',
        message: `${counts.pagesFailed} of ${counts.pages + counts.pagesFailed} pages failed; last: ${lastError}`,
      }
    }
    return {
      status: 'ok',
      message: counts.errors > 0 ? `${counts.errors} page errors; last: ${lastError}` : null,
    }
  })()
  return {
    status: status.status,
    message: status.message,
    pages: base.pages,
    pagesFailed: base.pagesFailed,
    listings: base.listings,
    rejected: base.rejected,
    errors: base.errors,
    layoutChanged: base.layoutChanged,
    durationMs: base.durationMs,
  }
}
