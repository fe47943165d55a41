import type { Command } from 'commander'
import { ALL_SOURCES } from '../../../sources/index.js'
import { readRegisterStatuses } from '../../registers/register-status.js'
import { lastRunPerSource } from '../../store/runs.repository.js'
import { configFrom, type GlobalOptions, printResult, withStore } from '../context.js'

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
              dataAsOf: null,
              loadedAt: null,
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
            dataAsOf: r.dataAsOf,
            loadedAt: r.loadedAt,
          })),
        ]
        printResult(options, rows, () =>
          rows
            .map(
              (r) =>
                `${r.id.padEnd(14)}${r.kind.padEnd(10)}${r.render.padEnd(9)}${r.lastRun ? `${r.lastRun.status} at ${r.lastRun.at}${r.lastRun.listings === null ? '' : ` (${r.lastRun.listings} listings)`}${r.lastRun.message ? `: ${r.lastRun.message}` : ''}` : 'never run'}${dataInUse(r)}`,
            )
            .join('\n'),
        )
      })
    })
}

/** A register's data in use and when it was loaded, which a failed import leaves as they were. */
const dataInUse = (r: { dataAsOf: string | null; loadedAt: string | null }) =>
  r.dataAsOf === null && r.loadedAt === null
    ? ''
    : `; data as of ${r.dataAsOf ?? 'unknown'}, loaded ${r.loadedAt ?? 'at an unknown time'}`
