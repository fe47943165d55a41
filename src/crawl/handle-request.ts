import { BlockedError, FetchError, ParseError, PipelineError } from '../errors.js'
import { exchangeKey } from '../fetch/archive/exchange-key.js'
import type { Fetcher } from '../fetch/fetcher.js'
import type { FetchResponse } from '../fetch/types.js'
import { NOT_MODIFIED, validatorsOf } from '../fetch/validators.js'
import type { ListingSource, SourceRequest } from '../kit/adapter.js'
import type { Listing } from '../kit/listing.js'
import { createPage, type Page, pageContent } from '../kit/page.js'
import { type RejectedListing, saveFailedPage, validateListing } from '../parse/index.js'
import type { PageMemo, RefreshPlan } from '../store/page-memos.repository.js'
import type { VerifiedBy } from '../store/schema.js'
import type { CrawlLimits } from './crawl-limits.js'
import { type CrawlTally, requestsSent } from './crawl-outcome.js'
import type { Asked, MemoReplay } from './memo-replay.js'
import type { PageRouter } from './page-router.js'
import { planRequest } from './request-plan.js'
import type { SearchFrontier } from './search-frontier.js'

/** What one parsed page gave, for the memo; a page with a reject or an error is not remembered. */
interface Collected {
  listingIds: string[]
  requests: SourceRequest[]
  clean: boolean
}

/** What the handler of a source's requests works with. */
export interface RequestContext {
  readonly source: ListingSource
  readonly fetcher: Fetcher
  readonly signal: AbortSignal
  readonly router: PageRouter
  readonly tally: CrawlTally
  readonly limits: CrawlLimits
  readonly frontier: SearchFrontier
  /** The memo of pages seen before (none without `onUnchanged`), and what replays it. */
  readonly memo: PageMemo | undefined
  readonly replay: MemoReplay
  /** The refresh rotation, taken at the crawl's start (an incremental crawl only). */
  readonly refresh: RefreshPlan | undefined
  /** Requests after which no detail page is asked for. */
  readonly budget: number
  /** Pages that fail to parse are kept here, named after the run. */
  readonly failedDir: string
  readonly runId?: number
  readonly onListing: (listing: Listing, verifiedBy: VerifiedBy) => void
  readonly onReject: (rejected: RejectedListing) => void
  readonly onPage?: (page: { url: string; label: 'list' | 'detail'; ok: boolean }) => void
}

/**
 * The handler of one request: the memo recalled and the request planned (fetched, conditionally or not, or stood for
 * by its unchanged card), the page fetched, then replayed when unchanged or parsed through the router. It throws
 * what went wrong, for the crawl's triage.
 */
export function createRequestHandler(ctx: RequestContext): (request: SourceRequest) => Promise<void> {
  const { source, tally, limits, frontier, memo, replay } = ctx

  const accept = (input: unknown, page: Page, collected: Collected, verifiedBy: VerifiedBy) => {
    const result = validateListing(input, page.url)
    if (result.ok) {
      tally.listings += 1
      collected.listingIds.push(result.listing.sourceListingId)
      ctx.onListing(result.listing, verifiedBy)
    } else {
      tally.rejected += 1
      collected.clean = false
      ctx.onReject(result.rejected)
    }
  }

  /** Runs the adapter on a page; whatever it throws, the page is kept under `failed/` for a new fixture. */
  const parse = (page: Page, label: SourceRequest['label'], collected: Collected) => {
    try {
      if (label === 'list') limits.listPage()
      const routed = ctx.router[label](page)
      for (const listing of routed.listings) {
        // A list page's own listings count against the listing limit; a detail page's was counted when queued.
        if (label === 'list' && !limits.admit('list')) break
        accept(listing, page, collected, label)
      }
      limits.follow(routed.details, routed.next, collected.requests)
    } catch (thrown) {
      const error =
        thrown instanceof PipelineError
          ? thrown
          : new ParseError(`The adapter threw: ${String(thrown)}`, { url: page.url }, { cause: thrown })
      tally.parseFailures += 1
      try {
        saveFailedPage(ctx.failedDir, source.id, page, error.message, ctx.runId)
      } catch {
        // A full disk must not turn a parse failure into something else: the error below is what counts.
      }
      throw error
    }
  }

  /** A page that came with a body: replayed when its content is what was remembered, else parsed and remembered. */
  const handleBody = (asked: Asked, response: FetchResponse) => {
    const { request, remembered } = asked
    const page = createPage(request, response.url, response.status, response.body, response.headers)
    const blockSignal = source.detectBlock?.(page)
    if (blockSignal)
      throw new BlockedError(`Blocked by ${blockSignal}`, { url: page.url, signal: blockSignal })
    tally.pages += 1
    if (!memo) return parse(page, request.label, { listingIds: [], requests: [], clean: true })
    const digest = memo.digest(pageContent(page))
    const validators = validatorsOf(response)
    if (remembered?.digest === digest) {
      replay.replay(request.label, remembered.yielded, request.label)
      replay.rememberAgain(asked, remembered, validators)
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

  /** A 304: the site confirmed the remembered version, with no body to check for a block or to parse. */
  const handleNotModified = (asked: Asked) => {
    const { request, remembered } = asked
    tally.requests.notModified += 1
    if (!remembered) {
      // A 304 with no memo to replay (an archive replayed into another database, or a site that answers 304 to a
      // plain request) leaves nothing to go on: the page failed, as one that could not be fetched.
      throw new FetchError('HTTP 304 for a page not remembered here', {
        url: request.url,
        status: NOT_MODIFIED,
      })
    }
    tally.pages += 1
    tally.pagesNotModified += 1
    replay.replay(request.label, remembered.yielded, request.label === 'list' ? 'list' : 'not-modified')
    if (request.label === 'detail') replay.rememberAgain(asked, remembered)
  }

  return async (request) => {
    // What the page yielded last time, if that can still be replayed; the plan says whether its validators ask the
    // site for a 304, or whether its unchanged card stands for it without a request.
    const key = exchangeKey(request)
    const remembered = memo?.recall(source.id, key)
    const cardDigest = memo && request.card !== undefined ? memo.digest(request.card) : undefined
    const plan = planRequest(request, key, remembered, cardDigest, ctx.refresh)
    if (plan.kind === 'card') {
      // The search card is what it was when the detail page was last read: the page stands as it was.
      replay.replay('detail', remembered!.yielded, 'list', false)
      return
    }
    if (request.label === 'detail' && requestsSent(tally.requests) >= ctx.budget) {
      // The night is spent: the page waits for a later night, and its listing stays as the last read left it.
      frontier.exhausted()
      replay.keepWhatItWas(request)
      return
    }
    tally.requests[plan.kind] += 1
    const asked: Asked = {
      request,
      key,
      remembered,
      cardDigest: cardDigest ?? null,
      conditional: plan.conditional,
    }
    const validators = plan.conditional ? remembered?.validators : undefined
    const fetchRequest = { ...request, render: source.render, validators }
    const response = await ctx.fetcher.fetch(fetchRequest, source.politeness, { signal: ctx.signal })
    frontier.enter(request)
    if (response.status === NOT_MODIFIED) handleNotModified(asked)
    else handleBody(asked, response)
    frontier.answered(request, true)
    ctx.onPage?.({ url: response.url, label: request.label, ok: true })
  }
}
