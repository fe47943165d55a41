import type { CrawlStatus } from '../crawl/crawl-outcome.js'

/** A source's status in one run: how its crawl ended, or `degraded` when it finished but does not look healthy. */
export type SourceRunStatus = CrawlStatus | 'degraded'

/** What one run of a source is judged on. */
export interface SourceRunFigures {
  /** Listings that validated (those of unchanged pages included). */
  readonly listings: number
  readonly rejected: number
  /** The run read all of the source: no limit cut it short and no city or type was left out. */
  readonly whole: boolean
}

/** What the source's recent runs looked like: the baseline a run is judged against. */
export interface SourceBaseline {
  /** Listings of its most recent runs that count as a baseline (see {@link SourceRunVerdict}), newest first. */
  readonly recentListings: readonly number[]
}

/** The limits the checks apply. */
export interface HealthLimits {
  /** More rejected rows than this share of all rows (in percent) is unhealthy (`PROPDATA_MAX_REJECT_PERCENT`). */
  readonly maxRejectPercent: number
}

/** One reason a run is degraded: the check that found it, and a sentence for the run report and `/v1/sources`. */
export interface HealthFinding {
  readonly check: string
  readonly message: string
}

/** The judgement of one finished run. */
export interface SourceRunVerdict {
  /** Why the run is degraded; empty when it is healthy. */
  readonly findings: readonly HealthFinding[]
  /**
   * Whether its listing count is a baseline for later runs: it read all of the source, and no finding says the count
   * is wrong. A count that only fell is kept, so a drop that lasts becomes the new normal after a few runs.
   */
  readonly baseline: boolean
}

/** How many of a source's recent baseline runs make its typical listing count. */
export const BASELINE_RUNS = 5

/** One rule a finished run must pass: the reason it fails, or null. */
interface HealthCheck {
  /** A stable id: stored with the run (`run_sources.degraded_by`) and the `check` label of `/metrics`. */
  readonly id: string
  /** A run failing it has a listing count that says nothing about the source's size: not a baseline. */
  readonly distortsCount: boolean
  judge(run: SourceRunFigures, baseline: SourceBaseline, limits: HealthLimits): string | null
}

/**
 * Too many rows rejected: a feed or site that half-broke (a renamed column, a changed selector) yields a few good
 * listings among many rejects, and taking those few as the source's whole offer would withdraw the rest.
 */
const rejects: HealthCheck = {
  id: 'rejects',
  distortsCount: true,
  judge({ listings, rejected }, _baseline, { maxRejectPercent }) {
    const rows = listings + rejected
    if (rows === 0 || rejected * 100 <= maxRejectPercent * rows) return null
    return `${rejected} of ${rows} listings rejected (${Math.round((rejected * 100) / rows)} %; more than ${maxRejectPercent} %)`
  },
}

/**
 * The listing count collapsed: fewer than half the median of the source's recent baseline runs. Only a whole run is
 * compared, since one cut short or confined to some cities sees less by design.
 */
const listingCount: HealthCheck = {
  id: 'listing-count',
  distortsCount: false,
  judge({ listings, whole }, { recentListings }) {
    if (!whole || recentListings.length === 0) return null
    const typical = median(recentListings)
    if (listings * 2 >= typical) return null
    return `${listings} listings, less than half the median of the last ${recentListings.length} whole runs (${typical})`
  },
}

/** Every check a finished run must pass, in the order their findings are reported. */
const CHECKS: readonly HealthCheck[] = [rejects, listingCount]

/**
 * The one place that judges whether a source's finished run is healthy: every finding of every check, none when it
 * is. A run with findings is `degraded`: it publishes what validated, withdraws nothing, and the run exits 3.
 */
export function judgeSourceRun(
  run: SourceRunFigures,
  baseline: SourceBaseline,
  limits: HealthLimits,
): SourceRunVerdict {
  const failed = CHECKS.flatMap((check) => {
    const message = check.judge(run, baseline, limits)
    return message === null ? [] : [{ check, message }]
  })
  return {
    findings: failed.map(({ check, message }) => ({ check: check.id, message })),
    baseline: run.whole && failed.every(({ check }) => !check.distortsCount),
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
