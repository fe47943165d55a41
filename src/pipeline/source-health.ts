import type { CrawlStatus } from '../crawl/crawl-outcome.js'
import { FILL_FIELD_KEYS, FILL_FIELDS, type FillRates, type FillSample } from './fill-rates.js'

/** A source's status in one run: how its crawl ended, or `degraded` when it finished but does not look healthy. */
export type SourceRunStatus = CrawlStatus | 'degraded'

/** What one run of a source is judged on. */
export interface SourceRunFigures {
  /** Listings that validated (those of unchanged pages included). */
  readonly listings: number
  readonly rejected: number
  /** The run read all of the source: no limit cut it short and no city or type was left out. */
  readonly whole: boolean
  /** The fill rates of the listings it parsed (not those of unchanged pages); null when it parsed none. */
  readonly fill: FillSample | null
}

/** What the source's recent runs looked like: the baseline a run is judged against. */
export interface SourceBaseline {
  /** Listings of its most recent runs that count as a baseline (see {@link SourceRunVerdict}), newest first. */
  readonly recentListings: readonly number[]
  /** Fill rates of its most recent runs that count as a fill baseline (see {@link SourceRunVerdict}), newest first. */
  readonly recentFill: readonly Partial<FillRates>[]
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
  /**
   * The run's fill rates, when they are a baseline for later runs: it parsed at least {@link MIN_FILL_SAMPLE}
   * listings and no finding says they are wrong; null otherwise. A fill rate that only fell is kept, as a count is.
   */
  readonly fillBaseline: FillRates | null
  /** Whether its listings may be published; false when a finding says their fields cannot be trusted. */
  readonly publish: boolean
}

/** How many of a source's recent baseline runs make its typical listing count and typical fill rates. */
export const BASELINE_RUNS = 5

/**
 * The fewest parsed listings whose fill rates are compared or kept as a baseline: in a handful of listings one
 * without a date moves the rate by many points, which says nothing about the parser.
 */
export const MIN_FILL_SAMPLE = 20

/** A field's fill rate this many percentage points or more below its median marks the run degraded. */
export const MAX_FILL_FALL_POINTS = 20

/** The id of the check on fill rates: a run it degrades publishes none of its listings. */
export const FILL_RATE_CHECK = 'fill-rate'

/** One rule a finished run must pass: the reason it fails, or null. */
interface HealthCheck {
  /** A stable id: stored with the run (`run_sources.degraded_by`) and the `check` label of `/metrics`. */
  readonly id: string
  /** A run failing it has a listing count that says nothing about the source's size: not a baseline. */
  readonly distortsCount: boolean
  /** A run failing it has fill rates that say nothing about the source's parsing: not a fill baseline. */
  readonly distortsFill: boolean
  /** A run failing it has listings whose fields cannot be trusted: it publishes none of them. */
  readonly spoilsValues: boolean
  judge(run: SourceRunFigures, baseline: SourceBaseline, limits: HealthLimits): string | null
}

/**
 * Too many rows rejected: a feed or site that half-broke (a renamed column, a changed selector) yields a few good
 * listings among many rejects, and taking those few as the source's whole offer would withdraw the rest.
 */
const rejects: HealthCheck = {
  id: 'rejects',
  distortsCount: true,
  distortsFill: true,
  spoilsValues: false,
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
  distortsFill: false,
  spoilsValues: false,
  judge({ listings, whole }, { recentListings }) {
    if (!whole || recentListings.length === 0) return null
    const typical = median(recentListings)
    if (listings * 2 >= typical) return null
    return `${listings} listings, less than half the median of the last ${recentListings.length} whole runs (${typical})`
  },
}

/**
 * A field is filled far less often than the median of the source's recent fill baselines: a selector that stopped
 * matching leaves the field empty without rejecting the listing. Fill rates are shares, so a run cut short or
 * confined to some cities is compared too, over the listings it parsed, when it parsed enough of them.
 */
const fillRate: HealthCheck = {
  id: FILL_RATE_CHECK,
  distortsCount: false,
  distortsFill: false,
  // Publishing would write the emptied fields over the good ones the source gave before (an emptied postcode also
  // changes the address the listing is deduplicated by), so the source's listings stay as they were.
  spoilsValues: true,
  judge({ fill }, { recentFill }) {
    if (fill === null || fill.parsed < MIN_FILL_SAMPLE) return null
    const falls = FILL_FIELD_KEYS.flatMap((field) => {
      const recent = recentFill.flatMap((rates) => (rates[field] === undefined ? [] : [rates[field]]))
      if (recent.length === 0) return []
      const typical = median(recent)
      const now = fill.rates[field]
      if (typical - now < MAX_FILL_FALL_POINTS) return []
      return [
        `${FILL_FIELDS[field].name} fill ${percent(typical)} → ${percent(now)} (median of ${recent.length})`,
      ]
    })
    if (falls.length === 0) return null
    return `${falls.join(', ')}; a fall of ${MAX_FILL_FALL_POINTS} points or more`
  },
}

/** Every check a finished run must pass, in the order their findings are reported. */
const CHECKS: readonly HealthCheck[] = [rejects, listingCount, fillRate]

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
  const { fill } = run
  const fairFill =
    fill !== null && fill.parsed >= MIN_FILL_SAMPLE && failed.every((f) => !f.check.distortsFill)
  return {
    findings: failed.map(({ check, message }) => ({ check: check.id, message })),
    baseline: run.whole && failed.every(({ check }) => !check.distortsCount),
    fillBaseline: fairFill ? fill.rates : null,
    publish: failed.every(({ check }) => !check.spoilsValues),
  }
}

/** A fill rate as the run report writes it: "98 %", "41.5 %". */
const percent = (rate: number) => `${Math.round(rate * 10) / 10} %`

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
