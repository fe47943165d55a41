import type { RunReport } from '../pipeline/ingest.js'
import { FILL_RATE_CHECK } from '../pipeline/source-health.js'
import { count } from '../plural.js'

/** The run statuses that mean something went wrong with the run as a whole. */
const WENT_WRONG = new Set(['failed', 'crashed', 'partial', 'stopped'])

/**
 * One line that says how a run ended and, when it went wrong, which source and why: the last line of
 * `ingest`'s output, the `text` of a notification and the headline of `runs show`.
 */
export function summariseRun(
  report: Pick<RunReport, 'runId' | 'status' | 'exitCode' | 'sources' | 'problems'>,
): string {
  const head = `Run ${report.runId} ${report.status} (exit ${report.exitCode})`
  if (!WENT_WRONG.has(report.status) && report.problems.length === 0) {
    const listings = report.sources.reduce((n, s) => n + s.listings, 0)
    return `${head}: ${count(listings, 'listing')} from ${count(report.sources.length, 'source')}`
  }
  if (report.problems.length === 0) return `${head}: no source reported a problem`
  const kept = report.sources.some((s) => s.status === 'failed' || s.status === 'blocked')
    ? '; failed and blocked sources keep their previous data'
    : ''
  const degraded = report.sources.some((s) => s.degradedBy?.includes(FILL_RATE_CHECK))
    ? '; degraded sources withdraw nothing, and one whose fields emptied keeps its listings as they were'
    : report.sources.some((s) => s.status === 'degraded')
      ? '; degraded sources publish what validated and withdraw nothing'
      : ''
  return `${head}: ${report.problems.join('; ')}${kept}${degraded}`
}
