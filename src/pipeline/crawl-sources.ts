import { join } from 'node:path'
import { failedOutcome } from '../crawl/crawl-outcome.js'
import { type CrawlOptions, type CrawlOutcome, crawlSource } from '../crawl/crawl-source.js'
import { readFileSource } from '../crawl/read-file-source.js'
import { nightBudget } from '../crawl/search-frontier.js'
import { toPipelineError } from '../errors.js'
import type { Source } from '../kit/adapter.js'
import type { Listing } from '../kit/listing.js'
import type { RejectedListing } from '../parse/index.js'
import { count } from '../plural.js'
import { createSearchLog } from '../store/crawl-searches.repository.js'
import type { VerifiedBy } from '../store/schema.js'
import { createFillCounter } from './fill-rates.js'
import type { IngestOptions } from './ingest-options.js'
import type { JudgedOutcome, SourceJudge } from './judge-source.js'
import type { RunFetcher } from './open-fetcher.js'
import type { RunContext } from './prepare-run.js'

/** A row that failed validation, as `rejects` stores it. */
export interface RunReject extends RejectedListing {
  readonly runId: number
  readonly sourceId: string
}

/** What the crawl step leaves: each source's judged outcome, and every rejected row. */
export interface CrawledSources {
  readonly outcomes: ReadonlyMap<string, JudgedOutcome>
  readonly rejects: readonly RunReject[]
}

/**
 * Crawls every source at once (a file source is read whole), staging its listings as they come, and judges how each
 * went. A source that throws fails on its own; the others go on.
 */
export async function crawlSources(
  options: IngestOptions,
  run: RunContext,
  fetch: RunFetcher,
  judge: SourceJudge,
): Promise<CrawledSources> {
  const outcomes = new Map<string, JudgedOutcome>()
  const rejects: RunReject[] = []
  await Promise.all(
    options.sources.map(async (source) => {
      run.emit({ type: 'source-start', runId: run.runId, source: source.id })
      const fill = createFillCounter()
      const crawled = await readOrCrawl(source, options, run, fetch, {
        signal: options.signal,
        maxListings: options.maxListings,
        onListing: (listing, verifiedBy) => {
          run.stage.add(source.id, listing, verifiedBy)
          fill.add(listing)
          run.emit({ type: 'listing', runId: run.runId, source: source.id })
        },
        onReject: (rejected) => {
          rejects.push({ runId: run.runId, sourceId: source.id, ...rejected })
          run.emit({ type: 'reject', runId: run.runId, source: source.id, reason: rejected.reason })
        },
      }).catch((error: unknown) => failedOutcome(toPipelineError(error).message))
      const outcome = withWireNote(source, judge(source, crawled, fill.sample()), fetch)
      outcomes.set(source.id, outcome)
      run.emit({
        type: 'source-end',
        runId: run.runId,
        source: source.id,
        status: outcome.status,
        message: outcome.message,
      })
      logSourceEnd(options, run.runId, source, outcome)
    }),
  )
  return { outcomes, rejects }
}

/** What a source's listings go to, file or crawl. A listing read from a file has no verification. */
type Handlers = Pick<CrawlOptions, 'signal' | 'maxListings' | 'onReject'> & {
  onListing: (listing: Listing, verifiedBy?: VerifiedBy) => void
}

/** Reads a file source's file, or crawls a crawl source through the run's fetcher, memo and search log. */
function readOrCrawl(
  source: Source,
  options: IngestOptions,
  run: RunContext,
  fetch: RunFetcher,
  handlers: Handlers,
): Promise<CrawlOutcome> {
  if (source.kind === 'file') return readFileSource(source, options.files?.[source.id], handlers)
  const { config } = options
  return crawlSource(source, {
    ...handlers,
    fetcher: fetch.fetcher,
    scope: options.scope,
    failedDir: join(config.dataDir, 'failed'),
    runId: run.runId,
    memo: run.memo,
    incremental: config.crawl === 'incremental' ? { refreshNights: config.refreshNights } : undefined,
    onUnchanged: (sourceListingId, verifiedBy) => {
      run.stage.addUnchanged(source.id, sourceListingId, verifiedBy)
      run.emit({ type: 'listing', runId: run.runId, source: source.id })
    },
    maxListPages: options.maxListPages,
    // A replay or the sample asks no site for anything, so no night's politeness can run out.
    nightBudget: options.mode === 'live' ? nightBudget(source.politeness, config.nightHours) : undefined,
    searchLog: createSearchLog(options.store, source.id, run.runId),
    onPage: (page) => run.emit({ type: 'page', runId: run.runId, source: source.id, ...page }),
  })
}

/**
 * A site that slowed the crawl down is named on the line of a source that got every page in the end; one that
 * failed or was blocked already says what stopped it.
 */
function withWireNote(source: Source, judged: JudgedOutcome, fetch: RunFetcher): JudgedOutcome {
  const wentWell = judged.status === 'ok' || judged.status === 'degraded'
  const note = source.kind === 'crawl' && wentWell ? fetch.wire.noteFor(source) : null
  return note ? { ...judged, message: [judged.message, note].filter(Boolean).join('; ') } : judged
}

/** The source's line in the log: what it read, and what went wrong when something did. */
function logSourceEnd(options: IngestOptions, runId: number, source: Source, o: JudgedOutcome): void {
  const searches =
    o.searches > 0
      ? `, ${o.searchesComplete} of ${count(o.searches, 'search', 'searches')} complete${o.budgetCut ? ' (the night ran out)' : ''}`
      : ''
  const line = `${source.id}: ${o.status}, ${count(o.pages, 'page')}, ${count(o.listings, 'listing')}, ${o.rejected} rejected${searches}`
  if (o.status === 'ok') options.logger.info(line, { runId, source: source.id })
  else options.logger.warn(`${line}: ${o.message}`, { runId, source: source.id })
}
