import { LayoutChangedError } from '../errors.js'
import type { ListingSource, SourceRequest } from '../kit/adapter.js'
import type { ListingInput } from '../kit/listing.js'
import type { Page } from '../kit/page.js'

/** What the adapter made of one page: listings not yet validated, and the requests the page leads to. */
export interface RoutedPage {
  readonly listings: readonly ListingInput[]
  /** Detail pages to fetch (a list page's cards). */
  readonly details: readonly SourceRequest[]
  /** The next list page, if any. */
  readonly next?: SourceRequest
}

/** The request labels a crawl knows, each with the adapter's parser for its pages. */
export type PageRouter = Readonly<Record<SourceRequest['label'], (page: Page) => RoutedPage>>

/**
 * Routes a page to the adapter's parser by the label of the request that fetched it: a list page to
 * `parseListPage`, a detail page to `parseDetailPage` (none, for a source that lists everything on its list pages).
 * A list page that yields nothing and does not say it has no results means the layout changed: it throws.
 */
export function createPageRouter(
  source: Pick<ListingSource, 'parseListPage' | 'parseDetailPage'>,
): PageRouter {
  return {
    list(page) {
      const result = source.parseListPage(page)
      const listings = result.listings ?? []
      const details = result.detailRequests ?? []
      if (listings.length === 0 && details.length === 0 && !result.noResults)
        throw new LayoutChangedError('A full list page yielded no listings', { url: page.url })
      return { listings, details, next: result.nextRequest }
    },
    detail(page) {
      return { listings: source.parseDetailPage ? [source.parseDetailPage(page)] : [], details: [] }
    },
  }
}
