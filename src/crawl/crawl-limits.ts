import type { SourceRequest } from '../kit/adapter.js'

/** The limits of a crawl (`--limit`, `--max-pages`), unlimited where absent. */
export interface CrawlLimitOptions {
  /** Stop following "next page" links after this many list pages. */
  readonly maxListPages?: number
  /** Stop after this many listings (detail requests plus inline listings). */
  readonly maxListings?: number
}

/** How far a crawl got against its limits, and the requests it follows within them. */
export interface CrawlLimits {
  /** A list page is being read: it counts against `maxListPages`. */
  listPage(): void
  /**
   * A listing found on a page (`list`: inline, counted against `maxListings`) or replayed from a detail page's memo
   * (`detail`: its request was counted when queued). False, and the crawl cut, once the listing limit is reached.
   */
  admit(label: SourceRequest['label']): boolean
  /**
   * Queues a page's detail requests and its next page within the limits, noting each in `followed` when given (what
   * the page yielded, for its memo). A detail or next page the limits leave out cuts the crawl.
   */
  follow(details: readonly SourceRequest[], next: SourceRequest | undefined, followed?: SourceRequest[]): void
}

/**
 * Limits for one crawl. `enqueue` queues a request; `cut` is told when a limit stops the crawl short of a page or
 * listing, so that neither the crawl nor its search counts as complete.
 */
export function createCrawlLimits(
  options: CrawlLimitOptions,
  enqueue: (request: SourceRequest) => void,
  cut: () => void,
): CrawlLimits {
  let listPages = 0
  let items = 0
  const underListingLimit = () => options.maxListings === undefined || items < options.maxListings
  return {
    listPage() {
      listPages += 1
    },
    admit(label) {
      if (!underListingLimit()) {
        cut()
        return false
      }
      if (label === 'list') items += 1
      return true
    },
    follow(details, next, followed) {
      for (const detail of details) {
        if (!underListingLimit()) break
        items += 1
        enqueue(detail)
        followed?.push(detail)
      }
      const detailsCut = details.length > 0 && !underListingLimit()
      const underPageLimit = options.maxListPages === undefined || listPages < options.maxListPages
      if (next && underPageLimit && underListingLimit()) {
        enqueue(next)
        followed?.push(next)
      } else if (next || detailsCut) cut()
    },
  }
}
