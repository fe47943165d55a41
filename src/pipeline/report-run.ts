import type { StepTimings } from '../clock/stage-clock.js'
import type { CrawlOutcome } from '../crawl/crawl-outcome.js'
import { exportPublished, type PublishedExport } from '../export/export-after-publish.js'
import type { PublishReport } from '../publish/publish-run.js'
import type { EnrichmentReport } from '../registers/enrich-homes.js'
import { type ReplicaOutcome, replicateAfterPublish } from '../replica/replicate-after-publish.js'
import { finishRun, recordRunSource } from '../store/runs.repository.js'
import type { RunTable } from '../store/schema.js'
import { activeListingsPerSource } from '../store/sources.repository.js'
import type { CrawledSources } from './crawl-sources.js'
import type { IngestOptions } from './ingest-options.js'
import type { JudgedOutcome } from './judge-source.js'
import type { LeftOutSource } from './left-out.js'
import type { RunFetcher } from './open-fetcher.js'
import type { RunContext } from './prepare-run.js'
import type { StagingStep } from './stage-listing.js'

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
    | 'publishAs'
  > {
  readonly source: string
  /** The crawl's requests by kind; absent from reports stored before they were counted. */
  readonly requests?: CrawlOutcome['requests']
  /** The health checks that found the run unhealthy; absent from reports stored before runs were judged. */
  readonly degradedBy?: readonly string[]
  /** Percent of its parsed listings with each watched field; null when too few; absent from older reports. */
  readonly fillRates?: JudgedOutcome['fillRates']
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
  /** Homes valued or regulated again, and whether each valuation model was refitted or kept; null without a publish. */
  readonly valuations?: (PublishReport['valuations'] & Pick<PublishReport, 'models'>) | null
  /** The run's register look-ups (WOZ values, EP-Online labels); null when the run was stopped before them. */
  readonly registers?: EnrichmentReport | null
  /** One line per source that went wrong: "pararius: blocked by cloudflare-challenge at …". */
  readonly problems: readonly string[]
  /** Registered sources a run over every source did not read, and why (retired; terms that forbid crawling). */
  readonly leftOut: readonly LeftOutSource[]
  /** The copy to PostgreSQL after the publish (`PROPDATA_POSTGRES_URL`); absent when none is set or nothing published. */
  readonly replica?: ReplicaOutcome
  /** The export of the published generation (`PROPDATA_EXPORT_DIR`), added once the report is stored. */
  readonly export?: PublishedExport
}

/**
 * How the run ended. A source cut off at the deadline is `stopped`; a signal that fires after every source finished
 * changes nothing. A stop is asked for, not a failure: it stays `stopped` (exit 3) even when it came before
 * anything to publish.
 */
function runStatus(
  outcomes: readonly JudgedOutcome[],
  published: PublishReport | null,
): { status: RunTable['status']; exitCode: 0 | 1 | 3 } {
  const status: RunTable['status'] = outcomes.some((o) => o.status === 'stopped')
    ? 'stopped'
    : !published
      ? 'failed'
      : outcomes.every((o) => o.status === 'ok')
        ? 'succeeded'
        : 'partial'
  return { status, exitCode: status === 'succeeded' ? 0 : status === 'failed' ? 1 : 3 }
}

/** Each source's line in the report: its judged outcome with what the publish changed of its listings. */
function sourceReports(
  options: IngestOptions,
  outcomes: CrawledSources['outcomes'],
  published: PublishReport | null,
): SourceReport[] {
  return options.sources.map((s) => {
    const {
      layoutChanged: _layout,
      complete: _complete,
      baseline: _baseline,
      publishAs: _publishAs,
      ...o
    } = outcomes.get(s.id)!
    const changes = published?.perSource[s.id] ?? { new: 0, updated: 0, withdrawn: 0 }
    return { source: s.id, ...o, ...changes }
  })
}

/** Records each source's row of the run in `run_sources`. */
async function recordSources(
  options: IngestOptions,
  runId: number,
  outcomes: CrawledSources['outcomes'],
  sources: readonly SourceReport[],
): Promise<void> {
  const { store } = options
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
}

/**
 * Ends the run: its status, each source's row, the copy to PostgreSQL and the report stored with the run and
 * returned, with the export of the published generation when one is asked for (see `exportPublished`).
 */
export async function reportRun(
  options: IngestOptions,
  run: RunContext,
  { outcomes }: CrawledSources,
  published: PublishReport | null,
  registers: EnrichmentReport | null,
  fetch: RunFetcher,
): Promise<RunReport> {
  const { runId } = run
  const { status, exitCode } = runStatus([...outcomes.values()], published)
  const sources = sourceReports(options, outcomes, published)
  await recordSources(options, runId, outcomes, sources)
  // After the SQLite commit and the sources' lines: a replica that fails is reported, and the run stands.
  const { postgresUrl } = options.config
  const replica =
    published && postgresUrl
      ? await replicateAfterPublish(options.store, postgresUrl, options.logger)
      : undefined
  const finishedAt = new Date().toISOString()
  const report: RunReport = {
    runId,
    status,
    exitCode,
    mode: options.mode,
    startedAt: run.startedAt,
    finishedAt,
    durationMs: Math.round(performance.now() - run.started),
    generation: published?.generation ?? null,
    sources,
    archive: fetch.recorder?.path ?? null,
    timings: { ...run.clock.timings(), ...published?.timings },
    normalised: run.stage.normalised(),
    goldenRecords: published?.goldenRecords ?? null,
    valuations: published ? { ...published.valuations, models: published.models } : null,
    registers,
    problems: sources
      .filter((s) => s.status !== 'ok')
      .map((s) => `${s.source}: ${s.status}: ${s.message ?? 'no detail'}`),
    leftOut: run.leftOut,
    ...(replica && { replica }),
  }
  run.detach()
  await finishRun(options.store, runId, { status, exitCode, report, finishedAt })
  const exported = await exportPublished(options.store, options.config, runId, report, options.logger)
  run.emit({ type: 'run-end', runId, status, exitCode })
  return exported
}
