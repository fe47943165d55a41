import { count } from '../../plural.js'
import { openPostgres, type Postgres } from '../../replica/postgres/connect.js'
import { connectionFailure, postgresUrlProblem } from '../../replica/postgres/postgres-url.js'
import { ReplicaAheadError, replicate } from '../../replica/postgres/replicate.js'
import { configFrom, createCliLogger, type GlobalOptions, printResult, withStore } from '../context.js'
import { CliError, EXIT } from '../exit-codes.js'

/** The flags of `propdata replicate`. */
export interface ReplicateFlags extends GlobalOptions {
  to: string
  rebuild?: boolean
}

/** Connects to the replica named by `--to`; a bad URL or a server that cannot be reached is the user's to fix. */
export async function connectReplica(url: string, flag = '--to'): Promise<Postgres> {
  const problem = postgresUrlProblem(url)
  if (problem) throw new CliError(`${flag}: ${problem}`, EXIT.USAGE)
  try {
    return await openPostgres(url, { applicationName: 'propdata replicate' })
  } catch (error) {
    throw new CliError(connectionFailure(url, error), EXIT.USAGE)
  }
}

/** `propdata replicate --to postgres://…`: copies the published generation to PostgreSQL (see `replicate`). */
export async function replicateCommand(flags: ReplicateFlags): Promise<void> {
  const config = configFrom(flags)
  const log = createCliLogger(flags)
  const postgres = await connectReplica(flags.to)
  try {
    const report = await withStore(config, (store) =>
      replicate(store, postgres, { rebuild: flags.rebuild === true }).catch((error: unknown) => {
        if (error instanceof ReplicaAheadError) throw new CliError(error.message, EXIT.USAGE)
        throw error
      }),
    )
    for (const [name, t] of Object.entries(report.tables))
      log.info(`${name}: ${count(t.copied, 'row')} copied, ${t.deleted} deleted, ${t.updated} updated`)
    printResult(flags, report, () => {
      const rows = Object.values(report.tables).reduce((n, t) => n + t.copied + t.deleted + t.updated, 0)
      return report.generation === report.previousGeneration && !report.rebuilt
        ? `The replica serves generation ${report.generation} already; ${count(rows, 'row')} brought up to date in ${report.durationMs} ms`
        : `The replica serves generation ${report.generation} (was ${report.previousGeneration}${report.rebuilt ? ', rebuilt' : ''}): ${count(rows, 'row')} written in ${report.durationMs} ms`
    })
  } finally {
    await postgres.close()
  }
}
