import { existsSync } from 'node:fs'
import type { Command } from 'commander'
import { ALL_SOURCES } from '../../../sources/index.js'
import { importBag } from '../../registers/import-bag.js'
import { createRun, finishRun } from '../../store/runs.repository.js'
import { configFrom, createCliLogger, type GlobalOptions, printResult, withStore } from '../context.js'
import { CliError, EXIT } from '../exit-codes.js'

/** Source trust order for golden records: registers first, then listing sources in registry order. */
export const sourcePriority = (id: string): number => {
  const index = ALL_SOURCES.findIndex((s) => s.id === id)
  return index === -1 ? 1_000 : index
}

/** `propdata import bag PATH` (and, with the registers issue, `import energy-labels PATH`). */
export function registerImportCommand(program: Command): void {
  const command = program.command('import').description('Load a register file into the database')
  command
    .command('bag')
    .argument('<path>', 'a BAG 2.0 extract: the national zip, a per-type zip, or a folder of XML files')
    .description(
      'Load a BAG 2.0 extract, replacing the previous one in one step, and rebuild the golden records',
    )
    .action(async (path: string, _o, cmd: Command) => {
      const options = cmd.optsWithGlobals<GlobalOptions>()
      if (!existsSync(path)) throw new CliError(`No such file or folder: ${path}`, EXIT.USAGE)
      const logger = createCliLogger(options)
      await withStore(configFrom(options), async (store) => {
        const startedAt = new Date().toISOString()
        const runId = await createRun(store, { kind: 'import-bag', mode: 'file', sources: 'bag', startedAt })
        try {
          let last = 0
          const report = await importBag(store, path, {
            priority: sourcePriority,
            onProgress: (n) => {
              if (n - last >= 100_000) {
                last = n
                logger.info(`  ${n.toLocaleString('en')} objects read`)
              }
            },
          })
          await finishRun(store, runId, {
            status: 'succeeded',
            exitCode: 0,
            report,
            finishedAt: new Date().toISOString(),
          })
          printResult(options, report, () =>
            [
              `Imported BAG extract ${path} (stand ${report.standDate ?? 'unknown'})`,
              `  ${Object.entries(report.counts)
                .map(([k, v]) => `${k} ${v}`)
                .join(', ')}`,
              `  ${report.addresses} addresses; golden records: ${report.goldenRecords.written} written, ${report.goldenRecords.unchanged} unchanged, ${report.goldenRecords.removed} removed`,
              `  generation ${report.generation}`,
            ].join('\n'),
          )
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          await finishRun(store, runId, {
            status: 'failed',
            exitCode: 1,
            report: { error: message },
            finishedAt: new Date().toISOString(),
          })
          throw new CliError(`BAG import failed; the previous BAG is untouched: ${message}`)
        }
      })
    })
}
