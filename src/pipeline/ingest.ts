import { join } from 'node:path'
import type { Config } from '../config.js'
import { noRequests } from '../crawl/crawl-outcome.js'
import { type CrawlOptions, type CrawlOutcome, crawlSource } from '../crawl/crawl-source.js'
import { createPageMemo } from '../crawl/page-memo.js'
import { readFileSource } from '../crawl/read-file-source.js'
import { NO_SEARCHES, nightBudget } from '../crawl/search-frontier.js'
import { toPipelineError } from '../errors.js'
import {
  type ArchiveRecorder,
  createBrowserTransport,
  createFetcher,
  createHttpTransport,
  createReplayTransport,
  createWarcRecorder,
  type FetchEvent,
  findChromium,
  type Transport,
} from '../fetch/index.js'
import type { CrawlScope, Source } from '../kit/adapter.js'
import type { Listing } from '../kit/listing.js'
import { readSourcePriority } from '../merge/source-priority.js'
import type { RejectedListing } from '../parse/index.js'
import { count } from '../plural.js'
import { type PublishReport, publishRun } from '../publish/publish-run.js'
import { type EnrichmentReport, enrichHomes } from '../registers/enrich-homes.js'
import { resolveWithPdok } from '../resolve/index.js'
import { createSearchLog } from '../store/crawl-searches.repository.js'
import type { Store } from '../store/database.js'
import {
  createRun,
  finishRun,
  insertRejects,
  markCrashedRuns,
  markRunStopped,
  recentBaselineCounts,
  recentFillRates,
  recordRunSource,
} from '../store/runs.repository.js'
import type { RunTable, VerifiedBy } from '../store/schema.js'
import { activeListingsPerSource } from '../store/sources.repository.js'
import { discardStaleStage } from '../store/stage.repository.js'
import { createFillCounter, type FillRates, type FillSample, readFillRates } from './fill-rates.js'
import { type LeftOutSource, leftOutLine } from './left-out.js'
import type { Logger } from './logger.js'
import { registerSources } from './register-catalogue.js'
import type { RunEvent } from './run-events.js'
import { BASELINE_RUNS, judgeSourceRun, type SourceRunStatus } from './source-health.js'
import { createStageClock, type StepTimings } from './stage-clock.js'
import { createListingStager, type StagingStep } from './stage-listing.js'
import { createWireTrouble } from './wire-trouble.js'

/** Options for one pipeline run. */
export interface IngestOptions {
  readonly store: Store
  readonly config: Config
  readonly sources: readonly Source[]
  /**
   * Every source the code registers, in trust order, written to the database's catalogue with what the code says of
   * each: the API lists sources from there, and the publish ranks them by it. `sources` it lacks (named partner
   * feeds) are written too, unranked. @default `sources`
   */
  readonly registry?: readonly Source[]
  /** The file each file source reads this run (`--feed FILE`), by source id. */
  readonly files?: Readonly<Record<string, string>>
  readonly scope: CrawlScope
  /**
   * True when `scope` is part of what the crawl sources cover (the user picked cities or types): such a run
   * withdraws only listings of those cities and types. @default false
   */
  readonly partialScope?: boolean
  /** `live` fetches from the sites; `replay` and `sample` serve recorded archives offline. */
  readonly mode: 'live' | 'replay' | 'sample'
  /** The archives to replay (replay and sample modes). */
  readonly archives?: readonly string[]
  /** Record live responses here. @default data/archives/run-<id>.warc.gz */
  readonly recordTo?: string
  readonly maxListPages?: number
  readonly maxListings?: number
  readonly signal?: AbortSignal
  readonly logger: Logger
  /** Lower is more trusted; defaults to the catalogue's trust order (`registry`'s order), registers first. */
  readonly priority?: (sourceId: string) => number
  readonly onFetchEvent?: (event: FetchEvent) => void
  /** Parse every page, even those whose content is unchanged since they were last parsed. @default false */
  readonly reparse?: boolean
  /** Progress as it happens: per source, per page, per listing, per stage. */
  readonly onEvent?: (event: RunEvent) => void
  /** Registered sources the caller left out of this run, and why: logged and reported with the run. @default [] */
  readonly leftOut?: readonly LeftOutSource[]
}

/** How a source's part of the run ended: its crawl's outcome, judged (see {@link judgeSourceRun}). */
interface JudgedOutcome extends Omit<CrawlOutcome, 'status'> {
  readonly status: SourceRunStatus
  /** Its listing count is a baseline for later runs of the source (see `SourceRunVerdict`). */
  readonly baseline: boolean
  /** The checks that found the run unhealthy (empty unless `degraded`). */
  readonly degradedBy: readonly string[]
  /** The fill rates of the listings it parsed, when they are a fill baseline (see `SourceRunVerdict`); else null. */
  readonly fillRates: FillRates | null
  /** No health check forbids publishing its listings (see `SourceRunVerdict`). */
  readonly publish: boolean
}

/** One source's line in the run report. */
export interface SourceReport
  extends Omit<
    JudgedOutcome,
    | 'layoutChanged'
    | 'complete'
    | 'truncated'
    | 'completedSearches'
    | 'baseline'
    | 'degradedBy'
    | 'requests'
    | 'fillRates'
    | 'publish'
  > {
  readonly source: string
  /** The crawl's requests by kind; absent from reports stored before they were counted. */
  readonly requests?: CrawlOutcome['requests']
  /** The health checks that found the run unhealthy; absent from reports stored before runs were judged. */
  readonly degradedBy?: readonly string[]
  /** Percent of its parsed listings with each watched field; null when too few; absent from older reports. */
  readonly fillRates?: FillRates | null
  readonly new: number
  readonly updated: number
  readonly withdrawn: number
}

/** What a run did, stored with the run and printed by `ingest --json`. */
export interface RunReport {
  readonly runId: number
  readonly status: RunTable['status']
  readonly exitCode: 0 | 1 | 3
  readonly mode: IngestOptions['mode']
  readonly startedAt: string
  readonly finishedAt: string
  readonly durationMs: number
  readonly generation: number | null
  readonly sources: readonly SourceReport[]
  readonly archive: string | null
  readonly timings: StepTimings<StagingStep> & Partial<PublishReport['timings']>
  /** Listings normalised and resolved by this run; those staged from unchanged pages were already final. */
  readonly normalised: number
  readonly goldenRecords: PublishReport['goldenRecords'] | null
  /** The run's register look-ups (WOZ values, EP-Online labels); null when the run was stopped before them. */
  readonly registers?: EnrichmentReport | null
  /** One line per source that went wrong: "pararius: blocked by cloudflare-challenge at …". */
  readonly problems: readonly string[]
  /** Registered sources a run over every source did not read, and why (retired; terms that forbid crawling). */
  readonly leftOut: readonly LeftOutSource[]
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Runs the pipeline once: fetch → parse → normalise → resolve → stage, then dedupe → merge → valuate → publish. */
export async function runIngest(options: IngestOptions): Promise<RunReport> {
  const { store, config, logger } = options
  const crashed = await markCrashedRuns(store, isAlive)
  if (crashed.length > 0)
    logger.warn(`Earlier run(s) ${crashed.join(', ')} died without finishing; marked crashed`)
  await discardStaleStage(store)

  const startedAt = new Date().toISOString()
  const started = performance.now()
  await registerSources(store, options.registry ?? options.sources, startedAt, options.sources)
  const runId = await createRun(store, {
    kind: 'ingest',
    mode: options.mode,
    sources: options.sources.map((s) => s.id).join(','),
    startedAt,
  })
  logger.info(`Run ${runId} started (${options.mode}): ${options.sources.map((s) => s.id).join(', ')}`, {
    runId,
  })
  // A stop (SIGINT, SIGTERM, the deadline) shows in `runs` at once: what is left of the run publishes what finished,
  // and a second signal may end the process before the report below is written.
  const markStopped = () => markRunStopped(store, runId)
  if (options.signal?.aborted) markStopped()
  else options.signal?.addEventListener('abort', markStopped, { once: true })

  const leftOut = options.leftOut ?? []
  for (const left of leftOut) logger.info(leftOutLine(left), { runId, source: left.source })

  const emit = options.onEvent ?? (() => {})
  emit({ type: 'run-start', runId, sources: options.sources.map((s) => s.id), mode: options.mode })

  // Made before the transports and the recorder, so that nothing can fail between opening those and the
  // try/finally that closes them.
  const clock = createStageClock(['normalise', 'resolve', 'stage'])
  const stage = createListingStager(store, runId, clock)
  const memo = options.reparse ? undefined : createPageMemo(store, runId)

  let recorder: ArchiveRecorder | undefined
  let http: Transport
  let browser: (() => Promise<Transport>) | undefined
  if (options.mode === 'live') {
    const archive =
      options.recordTo ?? join(config.dataDir, 'archives', `run-${String(runId).padStart(6, '0')}.warc.gz`)
    recorder = await createWarcRecorder(archive, { 'propdata-run': String(runId) })
    http = createHttpTransport({ originMap: config.originMap })
    const chromium = findChromium(config.chromiumPath)
    browser = () => createBrowserTransport({ executablePath: chromium ?? undefined })
  } else {
    const replay = await createReplayTransport(options.archives ?? [])
    http = replay
    browser = async () => replay
  }
  const wire = createWireTrouble()
  const fetcher = createFetcher({
    http,
    browser,
    recorder,
    userAgent: config.userAgent,
    ignorePoliteness: options.mode !== 'live',
    politenessScale: config.politenessScale,
    renderOverHttp: config.renderOverHttp,
    sleep: options.mode === 'live' ? undefined : async () => {},
    signal: options.signal,
    onEvent: (event) => {
      wire.observe(event)
      options.onFetchEvent?.(event)
    },
  })

  const rejects: { runId: number; sourceId: string; url: string | null; reason: string; payload: unknown }[] =
    []
  const outcomes = new Map<string, JudgedOutcome>()
  const sourceIds = options.sources.map((s) => s.id)
  const baselines = await recentBaselineCounts(store, sourceIds, BASELINE_RUNS)
  const fillBaselines = await recentFillRates(store, sourceIds, BASELINE_RUNS)
  // A crawl over some cities or types sees part of the site; a file source is read whole whatever the scope.
  const wholeScope = (source: Source) => source.kind === 'file' || !options.partialScope
  const judge = (source: Source, o: CrawlOutcome, fill: FillSample | null): JudgedOutcome => {
    if (o.status !== 'ok') return { ...o, baseline: false, degradedBy: [], fillRates: null, publish: true }
    const whole = o.complete && wholeScope(source)
    const figures = { listings: o.listings, rejected: o.rejected, whole, fill }
    const recent = {
      recentListings: baselines.get(source.id) ?? [],
      recentFill: (fillBaselines.get(source.id) ?? []).flatMap((json) => readFillRates(json) ?? []),
    }
    const { findings, baseline, fillBaseline, publish } = judgeSourceRun(figures, recent, config)
    const judged = { ...o, baseline, fillRates: fillBaseline, publish }
    if (findings.length === 0) return { ...judged, degradedBy: [] }
    const message = [...findings.map((f) => f.message), o.message].filter(Boolean).join('; ')
    return { ...judged, status: 'degraded', message, degradedBy: findings.map((f) => f.check) }
  }
  let registers: EnrichmentReport | null = null
  try {
    await Promise.all(
      options.sources.map(async (source) => {
        emit({ type: 'source-start', runId, source: source.id })
        const fill = createFillCounter()
        // A listing read from a file has no verification: `verifiedBy` is for crawled ones.
        const handlers: Pick<CrawlOptions, 'signal' | 'maxListings' | 'onReject'> & {
          onListing: (listing: Listing, verifiedBy?: VerifiedBy) => void
        } = {
          signal: options.signal,
          maxListings: options.maxListings,
          onListing: (listing, verifiedBy) => {
            stage.add(source.id, listing, verifiedBy)
            fill.add(listing)
            emit({ type: 'listing', runId, source: source.id })
          },
          onReject: (rejected: RejectedListing) => {
            rejects.push({ runId, sourceId: source.id, ...rejected })
            emit({ type: 'reject', runId, source: source.id, reason: rejected.reason })
          },
        }
        const crawl =
          source.kind === 'file'
            ? readFileSource(source, options.files?.[source.id], handlers)
            : crawlSource(source, {
                ...handlers,
                fetcher,
                scope: options.scope,
                failedDir: join(config.dataDir, 'failed'),
                runId,
                memo,
                incremental:
                  config.crawl === 'incremental' ? { refreshNights: config.refreshNights } : undefined,
                onUnchanged: (sourceListingId, verifiedBy) => {
                  stage.addUnchanged(source.id, sourceListingId, verifiedBy)
                  emit({ type: 'listing', runId, source: source.id })
                },
                maxListPages: options.maxListPages,
                // A replay or the sample asks no site for anything, so no night's politeness can run out.
                nightBudget:
                  options.mode === 'live' ? nightBudget(source.politeness, config.nightHours) : undefined,
                searchLog: createSearchLog(store, source.id, runId),
                onPage: (page) => emit({ type: 'page', runId, source: source.id, ...page }),
              })
        const crawled = await crawl.catch((error: unknown): CrawlOutcome => {
          const e = toPipelineError(error)
          return {
            status: 'failed',
            message: e.message,
            pages: 0,
            pagesFailed: 0,
            listings: 0,
            unchanged: 0,
            pagesUnchanged: 0,
            pagesNotModified: 0,
            requests: noRequests(),
            rejected: 0,
            errors: 1,
            layoutChanged: false,
            complete: false,
            truncated: false,
            ...NO_SEARCHES,
            durationMs: 0,
          }
        })
        const judged = judge(source, crawled, fill.sample())
        // A site that slowed the crawl down is named on the line of a source that got every page in the end; one
        // that failed or was blocked already says what stopped it.
        const wentWell = judged.status === 'ok' || judged.status === 'degraded'
        const note = source.kind === 'crawl' && wentWell ? wire.noteFor(source) : null
        const outcome = note
          ? { ...judged, message: [judged.message, note].filter(Boolean).join('; ') }
          : judged
        outcomes.set(source.id, outcome)
        emit({
          type: 'source-end',
          runId,
          source: source.id,
          status: outcome.status,
          message: outcome.message,
        })
        const searches =
          outcome.searches > 0
            ? `, ${outcome.searchesComplete} of ${count(outcome.searches, 'search', 'searches')} complete${outcome.budgetCut ? ' (the night ran out)' : ''}`
            : ''
        const line = `${source.id}: ${outcome.status}, ${count(outcome.pages, 'page')}, ${count(outcome.listings, 'listing')}, ${outcome.rejected} rejected${searches}`
        if (outcome.status === 'ok') logger.info(line, { runId, source: source.id })
        else logger.warn(`${line}: ${outcome.message}`, { runId, source: source.id })
      }),
    )
    stage.flush()
    memo?.flush()
    if (config.pdokFallback && !options.signal?.aborted) {
      const pdok = await resolveWithPdok(store, runId, { fetcher, baseUrl: config.pdokUrl })
      logger.info(
        `PDOK fallback: ${pdok.resolved} of ${pdok.candidates} resolved (${pdok.lookedUp} looked up, ${pdok.fromCache} cached, ${pdok.failed} failed)`,
        { runId },
      )
    }
    if (!options.signal?.aborted) {
      registers = await enrichHomes(store, runId, {
        fetcher,
        config,
        mode: options.mode,
        now: startedAt,
        signal: options.signal,
      })
      for (const [name, r] of Object.entries(registers)) {
        if (r)
          logger.info(
            `${name}: ${r.lookedUp} of ${r.candidates} looked up (${r.found} found, ${r.none} none, ${r.failed} failed, ${r.changed} changed)${r.stoppedBy ? `; stopped: ${r.stoppedBy}` : ''}`,
            { runId },
          )
      }
    }
  } finally {
    await fetcher.close()
    await recorder?.close()
  }
  stage.flush()
  await insertRejects(store, rejects)

  const results = options.sources.map((s) => {
    const o = outcomes.get(s.id)!
    // A crawl cut short by --limit/--max-pages did not see every listing, and a degraded one cannot be trusted to
    // have: neither withdraws any. Any other healthy crawl withdraws within the searches it read to their last page
    // (a night whose budget ran out, a lost list page), or anywhere when it read the whole source. A run whose fields
    // emptied publishes none of its listings, so that they keep the values the source gave before.
    const whole = o.complete && wholeScope(s)
    return {
      sourceId: s.id,
      completed: o.status === 'ok' && (o.complete || (s.kind === 'crawl' && !o.truncated)),
      publishable: !o.layoutChanged && o.publish,
      withdrawWithin: whole ? undefined : o.completedSearches,
    }
  })
  const anyOk = [...outcomes.values()].some((o) => o.status === 'ok')
  const allOk = [...outcomes.values()].every((o) => o.status === 'ok')
  let published: PublishReport | null = null
  if (anyOk || [...outcomes.values()].some((o) => o.listings > 0 && !o.layoutChanged)) {
    published = publishRun(store, {
      runId,
      sources: results,
      withdrawAfterRuns: config.withdrawAfterRuns,
      priority: options.priority ?? (await readSourcePriority(store)),
      now: startedAt,
    })
    logger.info(
      published.changed
        ? `Published generation ${published.generation}`
        : `Nothing changed since generation ${published.generation}: it stays published`,
      { runId },
    )
    const { dedupeMs, mergeMs, valuateMs, publishMs } = published.timings
    emit({ type: 'stage', runId, stage: 'dedupe', ms: dedupeMs })
    emit({ type: 'stage', runId, stage: 'merge', ms: mergeMs })
    emit({ type: 'stage', runId, stage: 'valuate', ms: valuateMs })
    // The whole of publishing: its report's publishMs is what the other three leave of it.
    emit({ type: 'stage', runId, stage: 'publish', ms: dedupeMs + mergeMs + valuateMs + publishMs })
  }

  // A source cut off at the deadline is `stopped`; a signal that fires after every source finished changes nothing.
  // A stop is asked for, not a failure: it stays `stopped` (exit 3) even when it came before anything to publish.
  const stopped = [...outcomes.values()].some((o) => o.status === 'stopped')
  const status: RunTable['status'] = stopped
    ? 'stopped'
    : !published
      ? 'failed'
      : allOk
        ? 'succeeded'
        : 'partial'
  const exitCode: 0 | 1 | 3 = status === 'succeeded' ? 0 : status === 'failed' ? 1 : 3
  const sources: SourceReport[] = options.sources.map((s) => {
    const {
      layoutChanged: _layout,
      complete: _complete,
      baseline: _baseline,
      publish: _publish,
      ...o
    } = outcomes.get(s.id)!
    const changes = published?.perSource[s.id] ?? { new: 0, updated: 0, withdrawn: 0 }
    return { source: s.id, ...o, ...changes }
  })
  const crawled = new Set(options.sources.filter((s) => s.kind === 'crawl').map((s) => s.id))
  const active = await activeListingsPerSource(store)
  for (const s of sources) {
    await recordRunSource(store, {
      run_id: runId,
      source_id: s.source,
      status: s.status,
      pages: s.pages,
      pages_failed: s.pagesFailed,
      listings: s.listings,
      new_listings: s.new,
      updated_listings: s.updated,
      withdrawn_listings: s.withdrawn,
      rejected: s.rejected,
      errors: s.errors,
      duration_ms: s.durationMs,
      message: s.message,
      baseline: outcomes.get(s.source)!.baseline ? 1 : 0,
      degraded_by: s.degradedBy?.length ? s.degradedBy.join(',') : null,
      requests_json: crawled.has(s.source) && s.requests ? JSON.stringify(s.requests) : null,
      fill_rates_json: s.fillRates ? JSON.stringify(s.fillRates) : null,
      active_listings: active.get(s.source) ?? 0,
    })
  }
  const finishedAt = new Date().toISOString()
  const report: RunReport = {
    runId,
    status,
    exitCode,
    mode: options.mode,
    startedAt,
    finishedAt,
    durationMs: Math.round(performance.now() - started),
    generation: published?.generation ?? null,
    sources,
    archive: recorder?.path ?? null,
    timings: { ...clock.timings(), ...published?.timings },
    normalised: stage.normalised(),
    goldenRecords: published?.goldenRecords ?? null,
    registers,
    problems: sources
      .filter((s) => s.status !== 'ok')
      .map((s) => `${s.source}: ${s.status}: ${s.message ?? 'no detail'}`),
    leftOut,
  }
  options.signal?.removeEventListener('abort', markStopped)
  await finishRun(store, runId, { status, exitCode, report, finishedAt })
  emit({ type: 'run-end', runId, status, exitCode })
  return report
}
