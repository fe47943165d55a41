import { existsSync, realpathSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { backupDatabase } from '../../store/backup-database.js'
import { openStore } from '../../store/database.js'
import { configFrom, type GlobalOptions, printResult } from '../context.js'
import { CliError, EXIT } from '../exit-codes.js'

/** The flags of `propdata backup FILE`. */
export interface BackupFlags extends GlobalOptions {
  force?: boolean
}

/** The same file under either name, whatever links lead to it. */
const sameFile = (a: string, b: string) =>
  existsSync(a) && existsSync(b) && realpathSync(a) === realpathSync(b)

/**
 * Refuses a FILE a backup must not write: the database itself, a folder, an existing file without `--force` (a
 * backup never replaces one unasked), or one in a folder that does not exist.
 */
function checkTarget(file: string, db: string, force: boolean): void {
  if (sameFile(file, db)) throw new CliError(`${file} is the database itself; name another file`, EXIT.USAGE)
  if (existsSync(file)) {
    if (statSync(file).isDirectory()) throw new CliError(`${file} is a folder; name a file in it`, EXIT.USAGE)
    if (!force) throw new CliError(`${file} exists; add --force to replace it`, EXIT.USAGE)
  }
  if (!existsSync(dirname(file))) throw new CliError(`No such folder: ${dirname(file)}`, EXIT.USAGE)
}

/**
 * `propdata backup FILE`: a consistent copy of the database, safe while the server and a run have it open (see
 * {@link backupDatabase}).
 */
export async function backup(file: string, flags: BackupFlags): Promise<void> {
  const config = configFrom(flags)
  const to = resolve(file)
  checkTarget(to, config.dbPath, flags.force === true)
  const store = await openStore(config.dbPath, { readonly: true })
  try {
    const report = await backupDatabase(store, to)
    const from = resolve(config.dbPath)
    printResult(flags, { from, ...report }, () => {
      const run = report.lastRun
        ? `; last run ${report.lastRun.id}, ${report.lastRun.status}${report.lastRun.finishedAt ? ` at ${report.lastRun.finishedAt}` : ''}`
        : ''
      return `Backed up ${from} to ${to} (${(report.bytes / 1e6).toFixed(1)} MB, checked): generation ${report.generation}${run}`
    })
  } finally {
    await store.close()
  }
}
