import type { CrawlRequests } from '../../crawl/crawl-outcome.js'
import {
  getRunDetail,
  listRunSummaries,
  type RunDetail,
  type RunSummary,
} from '../../ops/run-history.repository.js'
import { FILL_FIELD_KEYS, FILL_FIELDS, readFillRates } from '../../pipeline/fill-rates.js'
import { leftOutLine } from '../../pipeline/left-out.js'
import { count } from '../../plural.js'
import { cliCommand } from '../command-hint.js'
import { configFrom, type GlobalOptions, printResult, withStore } from '../context.js'
import { CliError, EXIT } from '../exit-codes.js'
import { formatTable } from '../table.js'

const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`)

/** One line per run: id, start, kind, status, exit code, duration, generation, sources, and the first problem. */
function formatRunList(runs: readonly RunSummary[]): string {
  if (runs.length === 0) return `No runs yet. Start one with: ${cliCommand('ingest --sample')}`
  const rows = runs.map((r) => [
    String(r.id),
    r.startedAt,
    r.kind,
    r.status,
    String(r.exitCode ?? '—'),
    seconds(r.durationMs),
    String(r.generation ?? '—'),
    r.sources.join(','),
    r.problems.length > 0
      ? `${r.problems[0]}${r.problems.length > 1 ? ` (+${r.problems.length - 1})` : ''}`
      : '',
  ])
  return formatTable(
    [
      { heading: 'id', align: 'right' },
      { heading: 'started' },
      { heading: 'kind' },
      { heading: 'status' },
      { heading: 'exit', align: 'right' },
      { heading: 'duration', align: 'right' },
      { heading: 'gen', align: 'right' },
      { heading: 'sources' },
      { heading: 'problem' },
    ],
    rows,
  ).join('\n')
}

/** Per source of a run: its counts in columns, and under its row the message it ended with. */
function formatSourceLines(perSource: RunDetail['perSource']): string[] {
  const table = formatTable(
    [
      { heading: 'source' },
      { heading: 'status' },
      { heading: 'pages', align: 'right' },
      { heading: 'not modified', align: 'right' },
      { heading: 'failed pages', align: 'right' },
      { heading: 'listings', align: 'right' },
      { heading: 'new', align: 'right' },
      { heading: 'updated', align: 'right' },
      { heading: 'withdrawn', align: 'right' },
      { heading: 'rejected', align: 'right' },
      { heading: 'errors', align: 'right' },
      { heading: 'took', align: 'right' },
    ],
    perSource.map((s) => [
      s.source_id,
      s.status,
      ...[
        s.pages,
        s.pages_not_modified,
        s.pages_failed,
        s.listings,
        s.new_listings,
        s.updated_listings,
        s.withdrawn_listings,
        s.rejected,
        s.errors,
      ].map(String),
      seconds(s.duration_ms),
    ]),
  )
  return table.flatMap((line, i) => {
    const message = i === 0 ? null : perSource[i - 1]!.message
    return message ? [`  ${line}`, `      ${message}`] : [`  ${line}`]
  })
}

/**
 * The crawls' requests by kind in one line: list pages, then detail pages new, with a changed card and refreshed,
 * and the 304 answers among them all. Null when no source of the run counted them (file sources, older runs).
 */
function formatRequests(perSource: RunDetail['perSource']): string | null {
  const parts = perSource.flatMap((s) => {
    if (!s.requests_json) return []
    const r = JSON.parse(s.requests_json) as CrawlRequests
    return [
      `${s.source_id} ${r.list} list, ${r.detailNew} new, ${r.detailChanged} changed, ${r.refresh} refresh (${r.notModified} not modified)`,
    ]
  })
  return parts.length > 0 ? `Requests: ${parts.join('; ')}` : null
}

/** Each source's fill rates in one line, in percent by field; null when no source of the run recorded any. */
function formatFillRates(perSource: RunDetail['perSource']): string | null {
  const parts = perSource.flatMap((s) => {
    const rates = readFillRates(s.fill_rates_json)
    if (!rates) return []
    const fields = FILL_FIELD_KEYS.flatMap((field) =>
      rates[field] === undefined ? [] : [`${FILL_FIELDS[field].name} ${rates[field]} %`],
    )
    return [`${s.source_id} ${fields.join(', ')}`]
  })
  return parts.length > 0 ? `Fill rates: ${parts.join('; ')}` : null
}

/** A run in detail: per source lines, problems, timings, archive, failed pages and the rejects summary. */
function formatRunDetail(run: RunDetail): string {
  const out = [
    `Run ${run.id} (${run.kind}, ${run.mode}): ${run.status}, exit ${run.exitCode ?? '—'}`,
    `  started ${run.startedAt}, finished ${run.finishedAt ?? '—'}, took ${seconds(run.durationMs)}`,
    `  published generation ${run.generation ?? '— (nothing published)'}`,
    `  archive ${run.archive ?? '— (replayed or not recorded)'}`,
  ]
  if (run.perSource.length > 0) out.push('', 'Sources:', ...formatSourceLines(run.perSource))
  const requests = formatRequests(run.perSource)
  if (requests) out.push('', requests)
  const fill = formatFillRates(run.perSource)
  if (fill) out.push('', fill)
  if (run.problems.length > 0) out.push('', 'Problems:', ...run.problems.map((p) => `  ${p}`))
  if (run.leftOut.length > 0) out.push('', 'Left out:', ...run.leftOut.map((l) => `  ${leftOutLine(l)}`))
  if (run.timings) {
    const parts = Object.entries(run.timings).map(([k, v]) => `${k.replace(/Ms$/, '')} ${v} ms`)
    out.push('', `Timings: ${parts.join(', ')}`)
  }
  const failed = run.failedPages.filter((f) => f.saved > 0)
  if (failed.length > 0) {
    out.push('', 'Pages that failed to parse (turn one into a fixture to fix the adapter):')
    for (const f of failed) out.push(`  ${f.source}: ${count(f.saved, 'page')} saved in ${f.folder}`)
  }
  out.push('', `Rejected rows: ${run.rejects.total}`)
  for (const g of run.rejects.top) out.push(`  ${String(g.count).padStart(5)}  ${g.source}: ${g.reason}`)
  return out.join('\n')
}

/** `propdata runs [--limit N]`: the latest runs, newest first. */
export async function listRuns(options: GlobalOptions & { limit?: string }): Promise<void> {
  const limit = wholeNumber('--limit', options.limit ?? '20')
  await withStore(configFrom(options), async (store) => {
    const rows = await listRunSummaries(store, limit)
    printResult(options, rows, () => formatRunList(rows))
  })
}

/** `propdata runs show ID`: one run in detail. */
export async function showRun(id: string, options: GlobalOptions): Promise<void> {
  const runId = wholeNumber('ID', id)
  const config = configFrom(options)
  await withStore(config, async (store) => {
    const detail = await getRunDetail(store, runId, config.dataDir)
    if (!detail) throw new CliError(`No run ${runId}; see ${cliCommand('runs')}`)
    printResult(options, detail, () => formatRunDetail(detail))
  })
}

function wholeNumber(name: string, value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new CliError(`${name} must be a whole number ≥ 1`, EXIT.USAGE)
  return Number(value)
}
