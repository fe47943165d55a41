import { existsSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { readStatusData } from '../../status/status-data.js'
import { reportStatusPage } from '../../status/status-html.js'
import { configFrom, type GlobalOptions, printResult, withStore } from '../context.js'
import { CliError, EXIT } from '../exit-codes.js'

/** The flags of `propdata report`. */
export interface ReportFlags extends GlobalOptions {
  html?: string
}

/** Refuses a FILE the page cannot be written to: a folder, or one in a folder that does not exist. */
function checkTarget(file: string): void {
  if (existsSync(file) && statSync(file).isDirectory())
    throw new CliError(`${file} is a folder; name a file in it`, EXIT.USAGE)
  if (!existsSync(dirname(file))) throw new CliError(`No such folder: ${dirname(file)}`, EXIT.USAGE)
}

/**
 * `propdata report --html FILE`: the status page as one self-contained file (its scripts, style sheet and figures
 * inline), for an operator without the API running. Written beside FILE and renamed over it, so a reader never
 * opens half a page.
 */
export async function report(flags: ReportFlags): Promise<void> {
  if (!flags.html) throw new CliError('Name the file to write: propdata report --html FILE', EXIT.USAGE)
  const config = configFrom(flags)
  const file = resolve(flags.html)
  checkTarget(file)
  const data = await withStore(config, (store) => readStatusData(store, { nightHours: config.nightHours }))
  const partial = `${file}.writing`
  writeFileSync(partial, reportStatusPage(data))
  renameSync(partial, file)
  const last = data.runs.at(-1)
  printResult(
    flags,
    { file, runs: data.runs.length, lastRun: last?.id ?? null, sources: data.sources.length },
    () =>
      last
        ? `Wrote ${file}: the last ${data.runs.length} runs (the last, ${last.id}, ${last.status}) of ${data.sources.length} sources`
        : `Wrote ${file}: no run yet`,
  )
}
