import {
  BlockedError,
  BrowserUnavailableError,
  FetchError,
  LayoutChangedError,
  ParseError,
  RobotsDisallowedError,
} from '../errors.js'
import type { SourceRequest } from '../kit/adapter.js'
import { count } from '../plural.js'
import { NO_SEARCHES, type SearchSummary } from './search-frontier.js'

/** How a source's crawl ended. Only `ok` may withdraw listings; the others keep the source's previous data. */
export type CrawlStatus = 'ok' | 'failed' | 'blocked' | 'skipped' | 'stopped'

/**
 * A crawl's requests by kind: list pages, and detail pages asked for because they are new (no memo), because their
 * search card changed or shows nothing to compare, or because their turn to be refreshed came. `notModified` counts
 * the 304 answers among all of them. A detail page whose unchanged card stood in for it costs no request.
 */
export interface CrawlRequests {
  readonly list: number
  readonly detailNew: number
  readonly detailChanged: number
  readonly refresh: number
  readonly notModified: number
}

/** No requests yet. */
export const noRequests = (): { -readonly [K in keyof CrawlRequests]: number } => ({
  list: 0,
  detailNew: 0,
  detailChanged: 0,
  refresh: 0,
  notModified: 0,
})

/** The requests sent so far: every kind but the 304s, which are counted among them as well. */
export const requestsSent = (r: CrawlRequests): number => r.list + r.detailNew + r.detailChanged + r.refresh

/** Counters and outcome of one source's crawl, for the run report. */
export interface CrawlOutcome extends SearchSummary {
  readonly status: CrawlStatus
  readonly pages: number
  readonly pagesFailed: number
  readonly listings: number
  /** Listings from pages whose content had not changed since they were last parsed: reused, not parsed again. */
  readonly unchanged: number
  /** Pages whose content had not changed: counted in `pages`, but not parsed. */
  readonly pagesUnchanged: number
  /** Of the unchanged pages, those the site answered 304 Not Modified for: not even downloaded. */
  readonly pagesNotModified: number
  /** The requests the crawl made, by kind. */
  readonly requests: CrawlRequests
  readonly rejected: number
  readonly errors: number
  /** One line saying what went wrong, or null. */
  readonly message: string | null
  /** The layout looked changed: whatever this crawl parsed must not be published. */
  readonly layoutChanged: boolean
  /**
   * The crawl saw everything the site lists: every search completed, no page or listing limit cut it short and no
   * list page was lost. Only a complete crawl may count a listing it did not see as gone anywhere in its scope.
   */
  readonly complete: boolean
  /** A page or listing limit (`--max-pages`, `--limit`) cut the crawl short. */
  readonly truncated: boolean
  readonly durationMs: number
}

/** What a crawl counted and noticed on the way, from which {@link decideOutcome} derives its status. */
export interface CrawlTally {
  pages: number
  pagesFailed: number
  listings: number
  unchanged: number
  pagesUnchanged: number
  pagesNotModified: number
  requests: ReturnType<typeof noRequests>
  rejected: number
  errors: number
  /** Pages that were fetched but failed to parse (kept under `failed/`). */
  parseFailures: number
  /** A limit (`maxListPages`, `maxListings`) stopped the crawl before the site's last page. */
  truncated: boolean
  listPagesLost: number
  robotsRefused: number
  blocked: string | null
  skipped: string | null
  layout: string | null
  lastError: string | null
}

/** An empty tally. */
export const newTally = (): CrawlTally => ({
  pages: 0,
  pagesFailed: 0,
  listings: 0,
  unchanged: 0,
  pagesUnchanged: 0,
  pagesNotModified: 0,
  requests: noRequests(),
  rejected: 0,
  errors: 0,
  parseFailures: 0,
  truncated: false,
  listPagesLost: 0,
  robotsRefused: 0,
  blocked: null,
  skipped: null,
  layout: null,
  lastError: null,
})

/**
 * The status of a finished crawl. Silence is never success: a source that fetched nothing, or whose pages all
 * failed to parse or validate, has failed, so its previous listings are kept rather than withdrawn.
 */
export function decideOutcome(
  t: CrawlTally,
  stopped: boolean,
  durationMs: number,
  searches: SearchSummary,
): CrawlOutcome {
  // Most detail pages failing to parse is a layout change as surely as an empty list page.
  const layout =
    t.layout ??
    (t.parseFailures > 0 && t.parseFailures >= t.listings + t.rejected
      ? `${t.parseFailures} of ${count(t.parseFailures + t.listings + t.rejected, 'page')} failed to parse; last: ${t.lastError}`
      : null)
  const { status, message } = ((): { status: CrawlStatus; message: string | null } => {
    if (t.skipped) return { status: 'skipped', message: t.skipped }
    if (t.blocked) return { status: 'blocked', message: t.blocked }
    if (stopped) return { status: 'stopped', message: 'Stopped before the crawl finished' }
    if (layout) return { status: 'failed', message: `Layout changed? ${layout}` }
    if (t.pages === 0) {
      const why = t.robotsRefused > 0 ? `robots.txt refused every start page: ${t.lastError}` : t.lastError
      return { status: 'failed', message: why ?? 'no page could be fetched' }
    }
    if (t.listings === 0 && t.rejected > 0) {
      return { status: 'failed', message: `Every listing (${t.rejected}) failed validation: layout changed?` }
    }
    if (t.pagesFailed > t.pages) {
      const total = t.pages + t.pagesFailed
      return {
        status: 'failed',
        message: `${t.pagesFailed} of ${count(total, 'page')} failed; last: ${t.lastError}`,
      }
    }
    return {
      status: 'ok',
      message: t.errors > 0 ? `${count(t.errors, 'page error')}; last: ${t.lastError}` : null,
    }
  })()
  return {
    status,
    message,
    pages: t.pages,
    pagesFailed: t.pagesFailed,
    listings: t.listings,
    unchanged: t.unchanged,
    pagesUnchanged: t.pagesUnchanged,
    pagesNotModified: t.pagesNotModified,
    requests: { ...t.requests },
    rejected: t.rejected,
    errors: t.errors,
    layoutChanged: layout !== null,
    complete:
      status === 'ok' &&
      !t.truncated &&
      t.listPagesLost === 0 &&
      searches.searchesComplete === searches.searches,
    truncated: t.truncated,
    ...searches,
    durationMs,
  }
}

/**
 * The outcome of a source whose crawl (or file) threw before it could count anything: failed, with the error's
 * message, and nothing fetched, so that none of its listings is withdrawn.
 */
export function failedOutcome(message: string): CrawlOutcome {
  return decideOutcome({ ...newTally(), errors: 1, lastError: message }, false, 0, NO_SEARCHES)
}

/** An error that stops the whole source at once: requests still queued are dropped, none is sent. */
export const stopsSource = (error: unknown): error is BlockedError | BrowserUnavailableError =>
  error instanceof BlockedError || error instanceof BrowserUnavailableError

/**
 * Counts a request's error in the tally: a block or a missing browser stops the source; any other error
 * loses that one request (`lost`), and says what kind of trouble it was: robots.txt, a layout change (a list page
 * that no longer parses), or a page that could not be fetched.
 */
export function triageError(
  t: CrawlTally,
  error: unknown,
  request: SourceRequest,
): 'blocked' | 'no-browser' | 'lost' {
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof BlockedError) {
    t.blocked ??= `${message} at ${request.url}`
    return 'blocked'
  }
  if (error instanceof BrowserUnavailableError) {
    t.skipped ??= `Needs a browser: ${message}`
    return 'no-browser'
  }
  t.errors += 1
  t.lastError = `${message} at ${request.url}`
  if (error instanceof RobotsDisallowedError) t.robotsRefused += 1
  else if (error instanceof LayoutChangedError || (error instanceof ParseError && request.label === 'list')) {
    t.layout ??= `${message} at ${request.url}`
  } else if (error instanceof FetchError) {
    t.pagesFailed += 1
    if (request.label === 'list') t.listPagesLost += 1
  }
  return 'lost'
}
