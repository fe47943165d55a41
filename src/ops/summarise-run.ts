import type { RunReport } from '../pipeline/ingest.js'
import { FILL_RATE_CHECK } from '../pipeline/source-health.js'
import { count } from '../plural.js'
import { describeGroup, groupProblems } from './group-problems.js'

/** The run statuses that mean something went wrong with the run as a whole. */
const WENT_WRONG = new Set(['failed', 'crashed', 'partial', 'stopped'])

/** Groups of problems the line names; the sources of the others are only counted. */
const GROUPS_SHOWN = 4

/**
 * One line that says how a run ended and, when it went wrong, which source and why: the last line of
 * `ingest`'s output, the `text` of a notification and the headline of `runs show`. Sources that went wrong alike
 * (a night without network fails every source with the same error) share one part of the line, so it stays a line.
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
  const groups = groupProblems(report.problems)
  const hidden = groups.slice(GROUPS_SHOWN).reduce((n, g) => n + g.sources.length, 0)
  const others = hidden > 0 ? `; ${count(hidden, 'more source')} with other problems` : ''
  const parts = groups.slice(0, GROUPS_SHOWN).map(describeGroup)
  return `${head}: ${parts.join('; ')}${others}${kept}${degraded}`
}
