import type { Command } from 'commander'
import {
  getRunDetail,
  listRunSummaries,
  type RunDetail,
  type RunSummary,
} from '../../ops/run-history.repository.js'
import { cliCommand } from '../command-hint.js'
import { configFrom, type GlobalOptions, printResult, withStore } from '../context.js'
import { CliError, EXIT } from '../exit-codes.js'

const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`)

/** One line per run: id, start, status, exit code, duration, generation, sources, and the first problem. */
export function formatRunList(runs: readonly RunSummary[]): string {
  if (runs.length === 0) return `No runs yet. Start one with: ${cliCommand('ingest --sample')}`
  const header = `${'id'.padStart(5)}  ${'started'.padEnd(26)}${'kind'.padEnd(12)}${'status'.padEnd(11)}exit ${'duration'.padStart(9)}  ${'gen'.padStart(5)}  sources`
  const rows = runs.map((r) => {
    const problem =
      r.problems.length > 0
        ? `  ! ${r.problems[0]}${r.problems.length > 1 ? ` (+${r.problems.length - 1})` : ''}`
        : ''
    return (
      `${String(r.id).padStart(5)}  ${r.startedAt.padEnd(26)}${r.kind.padEnd(12)}${r.status.padEnd(11)}` +
      `${String(r.exitCode ?? '—').padStart(4)} ${seconds(r.durationMs).padStart(9)}  ${String(r.generation ?? '—').padStart(5)}  ` +
      `${r.sources.join(',')}${problem}`
    )
  })
  return [header, ...rows].join('\n')
}

/** A run in detail: per source lines, problems, timings, archive, failed pages and the rejects summary. */
export function formatRunDetail(run: RunDetail): string {
  const out = [
    `Run ${run.id} (${run.kind}, ${run.mode}): ${run.status}, exit ${run.exitCode ?? '—'}`,
    `  started ${run.startedAt}, finished ${run.finishedAt ?? '—'}, took ${seconds(run.durationMs)}`,
    `  published generation ${run.generation ?? '— (nothing published)'}`,
    `  archive ${run.archive ?? '— (replayed or not recorded)'}`,
  ]
  if (run.perSource.length > 0) {
    out.push('', 'Sources:')
    for (const s of run.perSource) {
      out.push(
        `  ${s.source_id.padEnd(14)}${s.status.padEnd(9)}${String(s.pages).padStart(6)} pages (${s.pages_failed} failed) ` +
          `${String(s.listings).padStart(7)} listings: ${s.new_listings} new, ${s.updated_listings} updated, ` +
          `${s.withdrawn_listings} withdrawn, ${s.rejected} rejected, ${s.errors} errors, ${seconds(s.duration_ms)}`,
      )
      if (s.message) out.push(`  ${''.padEnd(14)}${s.message}`)
    }
  }
  if (run.problems.length > 0) out.push('', 'Problems:', ...run.problems.map((p) => `  ${p}`))
  if (run.timings) {
    const parts = Object.entries(run.timings).map(([k, v]) => `${k.replace(/Ms$/, '')} ${v} ms`)
    out.push('', `Timings: ${parts.join(', ')}`)
  }
  const failed = run.failedPages.filter((f) => f.saved > 0)
  if (failed.length > 0) {
    out.push('', 'Pages that failed to parse (turn one into a fixture to fix the adapter):')
    for (const f of failed) out.push(`  ${f.source}: ${f.saved} saved in ${f.folder}`)
  }
  out.push('', `Rejected rows: ${run.rejects.total}`)
  for (const g of run.rejects.top) out.push(`  ${String(g.count).padStart(5)}  ${g.source}: ${g.reason}`)
  return out.join('\n')
}

/** `propdata runs [--limit N]` and `propdata runs show ID`: the run history. */
export function registerRunsCommand(program: Command): void {
  const runs = program.command('runs').description('List recent runs, or show one in detail')
  runs
    .command('list', { isDefault: true })
    .description('List recent runs, newest first (the default)')
    .option('--limit <n>', 'how many runs (default 20)')
    .action(async (_o, cmd: Command) => {
      const options = cmd.optsWithGlobals<GlobalOptions & { limit?: string }>()
      const limit = wholeNumber('--limit', options.limit ?? '20')
      await withStore(configFrom(options), async (store) => {
        const rows = await listRunSummaries(store, limit)
        printResult(options, rows, () => formatRunList(rows))
      })
    })
  runs
    .command('show')
    .argument('<id>', `the run id (see ${cliCommand('runs')})`)
    .description('Show one run: per source counts, problems, timings, archive, failed pages, rejects')
    .action(async (id: string, _o, cmd: Command) => {
      const options = cmd.optsWithGlobals<GlobalOptions>()
      const runId = wholeNumber('ID', id)
      const config = configFrom(options)
      await withStore(config, async (store) => {
        const detail = await getRunDetail(store, runId, config.dataDir)
        if (!detail) throw new CliError(`No run ${runId}; see ${cliCommand('runs')}`)
        printResult(options, detail, () => formatRunDetail(detail))
      })
    })
}

function wholeNumber(name: string, value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new CliError(`${name} must be a whole number ≥ 1`, EXIT.USAGE)
  return Number(value)
}
