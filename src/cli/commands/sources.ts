import type { Command } from 'commander'
import { ALL_SOURCES } from '../../../sources/index.js'
import { count } from '../../plural.js'
import { readRegisterStatuses } from '../../registers/register-status.js'
import { lastRunPerSource } from '../../store/runs.repository.js'
import { configFrom, type GlobalOptions, printResult, withStore } from '../context.js'
import { formatTable } from '../table.js'

interface LastRun {
  readonly at: string
  readonly status: string | null
  readonly listings: number | null
  readonly message: string | null
}

/** "ok at 2026-…Z (300 listings): message", or "never run". */
const describeLastRun = (run: LastRun | null): string =>
  run
    ? `${run.status} at ${run.at}${run.listings === null ? '' : ` (${count(run.listings, 'listing')})`}${run.message ? `: ${run.message}` : ''}`
    : 'never run'

/**
 * `propdata sources`: every adapter and register (the list `/v1/sources` serves), its kind and render mode, and its
 * last run.
 */
export function registerSourcesCommand(program: Command): void {
  program
    .command('sources')
    .description('List the sources, their kind, render mode and last run')
    .action(async (_o, cmd: Command) => {
      const options = cmd.optsWithGlobals<GlobalOptions>()
      await withStore(configFrom(options), async (store) => {
        const runs = await lastRunPerSource(store)
        const rows = [
          ...ALL_SOURCES.map((s) => {
            const run = runs.get(s.id)
            return {
              id: s.id,
              name: s.name,
              kind: 'listing',
              // A file source has no pages to render: it reads the file it is given.
              render: s.kind === 'file' ? 'file' : s.render,
              offers: s.offers,
              homepage: s.kind === 'file' ? null : s.homepage,
              lastRun: run
                ? {
                    runId: run.last.run_id,
                    at: run.last.started_at,
                    status: run.last.status,
                    listings: run.last.listings,
                    message: run.last.message,
                  }
                : null,
              lastSuccessAt: run?.lastSuccessAt ?? null,
            }
          }),
          // The same registers, statuses and last runs as `/v1/sources`.
          ...(await readRegisterStatuses(store)).map((r) => ({
            id: r.id,
            name: r.name,
            kind: 'register',
            render: r.render,
            offers: [],
            homepage: r.homepage,
            lastRun: r.lastRun
              ? {
                  runId: r.lastRun.runId,
                  at: r.lastRun.startedAt,
                  status: r.status,
                  listings: null,
                  message: r.lastRun.message,
                }
              : null,
            lastSuccessAt: r.lastSuccessAt,
          })),
        ]
        printResult(options, rows, () =>
          formatTable(
            [{ heading: 'source' }, { heading: 'kind' }, { heading: 'render' }, { heading: 'last run' }],
            rows.map((r) => [r.id, r.kind, r.render, describeLastRun(r.lastRun)]),
          ).join('\n'),
        )
      })
    })
}
