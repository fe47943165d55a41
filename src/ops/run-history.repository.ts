import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { RunReport } from '../pipeline/ingest.js'
import type { LeftOutSource } from '../pipeline/left-out.js'
import type { Store } from '../store/database.js'
import { getRun, listRuns } from '../store/runs.repository.js'
import type { RunRow, RunSourceRow } from '../store/schema.js'
import { isProcessAlive } from './process-identity.js'

/** One line of `propdata runs`. */
export interface RunSummary {
  readonly id: number
  readonly kind: RunRow['kind']
  readonly mode: string
  readonly status: RunRow['status']
  readonly exitCode: number | null
  readonly startedAt: string
  readonly finishedAt: string | null
  readonly durationMs: number | null
  readonly generation: number | null
  readonly sources: readonly string[]
  /** One line per thing that went wrong, "source: status: why". */
  readonly problems: readonly string[]
}

/** Everything `propdata runs show ID` prints. */
export interface RunDetail extends RunSummary {
  /** Per source, its row of counts and, from the run's report, the pages the site answered 304 Not Modified for. */
  readonly perSource: readonly (RunSourceRow & { readonly pages_not_modified: number })[]
  readonly timings: Record<string, number> | null
  readonly archive: string | null
  readonly rejects: { readonly total: number; readonly top: readonly RejectGroup[] }
  /** Registered sources the run did not read, and why; empty for runs from before they were reported. */
  readonly leftOut: readonly LeftOutSource[]
  /** Pages that failed to parse during the run, per source: the folder and how many were saved. */
  readonly failedPages: readonly {
    readonly source: string
    readonly folder: string
    readonly saved: number
  }[]
}

/** Rejected rows of one source with one reason. */
export interface RejectGroup {
  readonly source: string
  readonly reason: string
  readonly count: number
}

type StoredReport = Partial<RunReport> & { error?: string }

/** The most recent runs, newest first. */
export async function listRunSummaries(store: Store, limit: number): Promise<RunSummary[]> {
  return (await listRuns(store, limit)).map(toSummary)
}

/** One run in detail, or null when there is no such run. */
export async function getRunDetail(store: Store, id: number, dataDir: string): Promise<RunDetail | null> {
  const found = await getRun(store, id)
  if (!found) return null
  const summary = toSummary(found.run)
  const report = parseReport(found.run.report_json)
  const groups = await store.db
    .selectFrom('rejects')
    .select(['source_id', 'reason', (eb) => eb.fn.countAll<number>().as('n')])
    .where('run_id', '=', id)
    .groupBy(['source_id', 'reason'])
    .orderBy('n', 'desc')
    .execute()
  const until = found.run.finished_at ? Date.parse(found.run.finished_at) : Date.now()
  // Reports of runs from before conditional requests have no such count: none of their pages was a 304.
  const notModified = new Map((report.sources ?? []).map((s) => [s.source, s.pagesNotModified ?? 0]))
  return {
    ...summary,
    perSource: found.sources.map((s) => ({ ...s, pages_not_modified: notModified.get(s.source_id) ?? 0 })),
    timings: report.timings ? roundTimings(report.timings) : null,
    archive: report.archive ?? null,
    leftOut: report.leftOut ?? [],
    rejects: {
      total: groups.reduce((n, g) => n + g.n, 0),
      top: groups.slice(0, 10).map((g) => ({ source: g.source_id, reason: g.reason, count: g.n })),
    },
    failedPages: summary.sources.map((source) => {
      const folder = join(dataDir, 'failed', source)
      return { source, folder, saved: countFilesBetween(folder, Date.parse(found.run.started_at), until) }
    }),
  }
}

/**
 * Closes the runs a process left open because it threw, as `failed` with the error, so the run list says why at once
 * instead of "crashed" at the next run: those `running`, and those marked `stopped` by a signal that never wrote
 * their report. Returns their ids.
 */
export async function failRunsOfProcess(store: Store, pid: number, error: string): Promise<number[]> {
  const rows = await store.db
    .updateTable('runs')
    .set({
      status: 'failed',
      exit_code: 1,
      finished_at: new Date().toISOString(),
      report_json: JSON.stringify({ error }),
    })
    .where((eb) =>
      eb.or([
        eb('status', '=', 'running'),
        eb.and([eb('status', '=', 'stopped'), eb('report_json', 'is', null)]),
      ]),
    )
    .where('pid', '=', pid)
    .returning('id')
    .execute()
  return rows.map((r) => r.id)
}

/** A run marked `stopped` whose report is not written: still publishing what finished, or ended before it could. */
const stoppedWithoutReport = (run: RunRow): string =>
  run.pid !== null && isProcessAlive(run.pid)
    ? 'stopped on request: publishing what finished'
    : 'stopped on request; the process ended before the run wrote its report'

function toSummary(run: RunRow): RunSummary {
  const report = parseReport(run.report_json)
  const problems =
    report.problems ??
    (report.error
      ? [report.error]
      : run.status === 'crashed'
        ? ['the process died before the run finished']
        : run.status === 'stopped'
          ? [stoppedWithoutReport(run)]
          : [])
  return {
    id: run.id,
    kind: run.kind,
    mode: run.mode,
    status: run.status,
    exitCode: run.exit_code,
    startedAt: run.started_at,
    finishedAt: run.finished_at,
    durationMs:
      report.durationMs ??
      (run.finished_at ? Date.parse(run.finished_at) - Date.parse(run.started_at) : null),
    generation: report.generation ?? null,
    sources: run.sources.split(',').filter(Boolean),
    problems,
  }
}

function parseReport(json: string | null): StoredReport {
  if (!json) return {}
  try {
    const value: unknown = JSON.parse(json)
    return value && typeof value === 'object' ? (value as StoredReport) : {}
  } catch {
    return {}
  }
}

function roundTimings(timings: object): Record<string, number> {
  return Object.fromEntries(
    Object.entries(timings)
      .filter((e): e is [string, number] => typeof e[1] === 'number')
      .map(([k, v]) => [k, Math.round(v)]),
  )
}

/** Failed pages carry no run id; the ones saved while the run ran are its own (runs never overlap). */
function countFilesBetween(folder: string, from: number, until: number): number {
  try {
    return readdirSync(folder).filter((name) => {
      if (!name.endsWith('.html')) return false
      const t = statSync(join(folder, name)).mtimeMs
      return t >= from && t <= until + 1_000
    }).length
  } catch {
    return 0
  }
}
