import type { Evidence } from './evidence.js'
import type { ListingInput } from './listing.js'
import type { Page } from './page.js'
import type { Card } from './search-card.js'

/** What a listing is offered as. Rent prices are per month. */
export type OfferType = 'rent' | 'buy'

/** How pages are fetched: plain HTTP, or rendered in Chromium for JavaScript or bot-walled sites. */
export type RenderMode = 'http' | 'browser'

/**
 * What a site's terms of use say about automated collection. A source whose terms forbid it is crawled live only
 * when the operator names it; replaying an archive is not crawling.
 */
export type Terms = 'allows' | 'forbids' | 'unknown'

/** The values of `Terms`, for schemas and help texts. */
export const TERMS: readonly Terms[] = ['allows', 'forbids', 'unknown']

/** Politeness towards one host, in p-queue's option names. */
export interface Politeness {
  /** Requests in flight at once. */
  readonly concurrency: number
  /** At most this many requests start per `interval`. */
  readonly intervalCap: number
  /** The window for `intervalCap`, in ms. */
  readonly interval: number
}

/** A request an adapter asks the framework to make. */
export interface SourceRequest {
  readonly url: string
  /** @default 'GET' */
  readonly method?: 'GET' | 'POST'
  readonly body?: string
  readonly headers?: Readonly<Record<string, string>>
  /** `list` pages lead to more requests or carry listings; `detail` pages hold one listing. */
  readonly label: 'list' | 'detail'
  /** Data carried from the page that made this request to the page that answers it (e.g. the offer type). */
  readonly userData?: Readonly<Record<string, unknown>>
  /**
   * For a detail request: the facts the search card that led to it shows of the listing, made by `cardOf`. The
   * crawl compares its digest night to night: a detail page whose card shows the same facts need not be read again
   * until its turn to be refreshed. Undefined when the list page shows no card; then the detail page is always read.
   */
  readonly card?: Card
}

/** What a list page yields. */
export interface ListPageResult {
  /** Listings complete on the list page itself (JSON search results, embedded state). */
  readonly listings?: readonly ListingInput[]
  /** Detail pages to fetch, each parsed by `parseDetailPage`. */
  readonly detailRequests?: readonly SourceRequest[]
  /** The next result page, if any. */
  readonly nextRequest?: SourceRequest
  /** The page itself says the search has no results, so yielding nothing is not a layout change. */
  readonly noResults?: boolean
}

/** Which searches to crawl. */
export interface CrawlScope {
  /** City names as people write them ("Amsterdam", "Den Haag"); adapters turn them into their own slugs. */
  readonly cities: readonly string[]
  readonly types: readonly OfferType[]
}

/**
 * A listing website. A plain object with no I/O and no state: the framework fetches, queues, retries,
 * detects blocks, validates and stores; the adapter only says what to fetch and how to read it.
 */
export interface ListingSource {
  readonly kind: 'crawl'
  /** Kebab-case, equal to the folder name under `sources/`. Stored as the source of every row. */
  readonly id: string
  /** The site's name as users know it. */
  readonly name: string
  /** The site's home page; every URL the adapter yields must be on this host or one of `hosts`. */
  readonly homepage: string
  /** Further hosts the same site serves listings from (a second domain with the same markup). @default [] */
  readonly hosts?: readonly string[]
  /** @default 'http' */
  readonly render: RenderMode
  readonly politeness: Politeness
  /** The offer types this site carries. */
  readonly offers: readonly OfferType[]
  readonly terms: Terms
  /** How its parser was checked: against a recorded answer of the site, its platform's format, or neither. */
  readonly evidence: Evidence
  /** The cities the site lists homes in; undefined when it covers the whole country. */
  readonly regions?: readonly string[]
  /** The platform preset a declarative source is built on; undefined for a code adapter. */
  readonly preset?: string
  /** The first requests of a crawl for the given scope. */
  startRequests(scope: CrawlScope): readonly SourceRequest[]
  /** A search-result page: listings, detail requests and the next page. Throw `ParseError` when the layout changed. */
  parseListPage(page: Page): ListPageResult
  /** A detail page: one listing, not yet validated. Throw `ParseError` when the layout changed. */
  parseDetailPage?(page: Page): ListingInput
  /** A site-specific challenge page that answers 200; return what gave it away, or null. */
  detectBlock?(page: Page): string | null
}

/** The file formats a file source can be given; the framework tells them apart by extension and content. */
export type FileFormat = 'csv' | 'jsonl'

/** One record of a file: a CSV row keyed by its header, or one JSON Lines object. Values as the file has them. */
export type FileRecord = Readonly<Record<string, unknown>>

/** Where a record sits in its file, for messages and rejects. */
export interface RecordContext {
  /** 1-based line number of the record's first line (a CSV record spans more where a quoted value holds a break). */
  readonly line: number
  readonly format: FileFormat
}

/**
 * A file a partner delivers (`ingest --sources feed --feed FILE`). Also a plain object with no I/O: the framework
 * streams the file, splits it into records, validates and stores; the adapter maps one record to one listing.
 */
export interface FileSource {
  readonly kind: 'file'
  /** Kebab-case, equal to the folder name under `sources/`. Stored as the source of every row. */
  readonly id: string
  readonly name: string
  /** Who delivers the file and what it holds, for `propdata sources`. */
  readonly description: string
  readonly offers: readonly OfferType[]
  readonly terms: Terms
  /** How its parser was checked: against a file a partner really delivered, or neither. */
  readonly evidence: Evidence
  readonly formats: readonly FileFormat[]
  /** Columns every file must have; a CSV header without one of them fails the whole file before any row is read. */
  readonly requiredColumns: readonly string[]
  /** One record → one listing, not yet validated. Throw `InvalidRecordError` to reject the record with a reason. */
  parseRecord(record: FileRecord, context: RecordContext): ListingInput
  /**
   * Set on a source made from another's adapter under an id of its own (a named partner feed, `--feed NAME=PATH`):
   * that adapter's id. Adapters leave it out.
   */
  readonly adapter?: string
}

/** Every kind of source the pipeline can run. */
export type Source = ListingSource | FileSource

/** Typed identity helper: gives adapter files type-checking and autocomplete. */
export const defineListingSource = <T extends ListingSource>(source: T): T => source

/** Typed identity helper for file sources. */
export const defineFileSource = <T extends FileSource>(source: T): T => source
