import type { Config } from '../config.js'
import type { CrawlOutcome } from '../crawl/crawl-outcome.js'
import type { Source } from '../kit/adapter.js'
import type { SourceResult } from '../publish/publish-run.js'
import type { Store } from '../store/database.js'
import { recentBaselineCounts, recentFillRates } from '../store/runs.repository.js'
import { type FillRates, type FillSample, readFillRates } from './fill-rates.js'
import { BASELINE_RUNS, judgeSourceRun, type SourceRunStatus } from './source-health.js'

/** How a source's part of the run ended: its crawl's outcome, judged (see {@link judgeSourceRun}). */
export interface JudgedOutcome extends Omit<CrawlOutcome, 'status'> {
  readonly status: SourceRunStatus
  /** Its listing count is a baseline for later runs of the source (see `SourceRunVerdict`). */
  readonly baseline: boolean
  /** The checks that found the run unhealthy (empty unless `degraded`). */
  readonly degradedBy: readonly string[]
  /** The fill rates of the listings it parsed, when they are a fill baseline (see `SourceRunVerdict`); else null. */
  readonly fillRates: FillRates | null
  /** What the publish may do with the source's listings, as the verdict allows. */
  readonly publishAs: SourceResult
}

/** Judges a source's finished crawl: its health, and what that lets the publish do. */
export type SourceJudge = (source: Source, outcome: CrawlOutcome, fill: FillSample | null) => JudgedOutcome

/**
 * What the publish may do with a source's listings, once its run is judged. A crawl cut short by --limit/--max-pages
 * did not see every listing, and a degraded one cannot be trusted to have: neither withdraws any. Any other healthy
 * crawl withdraws within the searches it read to their last page (a night whose budget ran out, a lost list page),
 * or anywhere when it read the whole source. A run whose fields emptied (`publish` false) or whose layout changed
 * publishes none of its listings, so that they keep the values the source gave before.
 */
function publishFlags(
  source: Source,
  o: Omit<JudgedOutcome, 'publishAs'>,
  whole: boolean,
  publish: boolean,
): SourceResult {
  return {
    sourceId: source.id,
    completed: o.status === 'ok' && (o.complete || (source.kind === 'crawl' && !o.truncated)),
    publishable: !o.layoutChanged && publish,
    withdrawWithin: whole ? undefined : o.completedSearches,
  }
}

/**
 * The judge of this run's sources, against their recent runs (read once, at the start). A crawl over some cities or
 * types sees part of the site; a file source is read whole whatever the scope.
 */
export async function createSourceJudge(
  store: Store,
  sources: readonly Source[],
  partialScope: boolean,
  config: Config,
): Promise<SourceJudge> {
  const ids = sources.map((s) => s.id)
  const baselines = await recentBaselineCounts(store, ids, BASELINE_RUNS)
  const fillBaselines = await recentFillRates(store, ids, BASELINE_RUNS)
  return (source, o, fill) => {
    const whole = o.complete && (source.kind === 'file' || !partialScope)
    if (o.status !== 'ok') {
      const judged = { ...o, baseline: false, degradedBy: [], fillRates: null }
      return { ...judged, publishAs: publishFlags(source, judged, whole, true) }
    }
    const figures = { listings: o.listings, rejected: o.rejected, whole, fill }
    const recent = {
      recentListings: baselines.get(source.id) ?? [],
      recentFill: (fillBaselines.get(source.id) ?? []).flatMap((json) => readFillRates(json) ?? []),
    }
    const { findings, baseline, fillBaseline, publish } = judgeSourceRun(figures, recent, config)
    const message = [...findings.map((f) => f.message), o.message].filter(Boolean).join('; ')
    const judged =
      findings.length === 0
        ? { ...o, baseline, fillRates: fillBaseline, degradedBy: [] }
        : {
            ...o,
            status: 'degraded' as const,
            message,
            baseline,
            fillRates: fillBaseline,
            degradedBy: findings.map((f) => f.check),
          }
    return { ...judged, publishAs: publishFlags(source, judged, whole, publish) }
  }
}
