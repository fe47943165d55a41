import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../api/app.js'
import type { ReadStore } from '../../api/read-store.js'
import { sqliteReadStore } from '../../api/sqlite-read-store.js'
import type { Config } from '../../config.js'
import { isPostgresUrl } from '../../replica/postgres/connect.js'
import { NoReplicaError, postgresReadStore } from '../../replica/postgres/postgres-read-store.js'
import { connectionFailure, postgresUrlProblem } from '../../replica/postgres/postgres-url.js'
import { openStore } from '../../store/database.js'
import { configFrom, type GlobalOptions } from '../context.js'
import { CliError, EXIT } from '../exit-codes.js'
import { listenFailure, portFrom } from '../port.js'

/**
 * The store the API reads: a SQLite file on a read-only connection (after bringing its schema up to date; it must
 * exist, as serving a mistyped path would answer from an empty one), or a PostgreSQL replica named by its URL.
 */
async function openReadStore(location: string): Promise<ReadStore> {
  if (!isPostgresUrl(location)) {
    const writable = await openStore(location, { create: false })
    await writable.close()
    // Read through SQLite's page cache rather than a memory map: a map keeps every page that random reads touched in
    // the server's resident memory, and reads through it were no faster.
    return sqliteReadStore(await openStore(location, { readonly: true, mmapBytes: 0 }))
  }
  const problem = postgresUrlProblem(location)
  if (problem) throw new CliError(`--db: ${problem}`, EXIT.USAGE)
  try {
    return await postgresReadStore(location)
  } catch (error) {
    if (error instanceof NoReplicaError) throw new CliError(error.message, EXIT.USAGE)
    throw new CliError(connectionFailure(location, error), EXIT.USAGE)
  }
}

/** Starts the API on the read store `config.dbPath` names (see {@link openReadStore}) and returns it. */
export async function startServer(config: Config, port: number, host: string): Promise<FastifyInstance> {
  const store = await openReadStore(config.dbPath)
  const app = await buildApp({ store, config })
  app.addHook('onClose', async () => store.close())
  try {
    await app.listen({ port, host })
  } catch (error) {
    await app.close()
    throw listenFailure(error, port, host)
  }
  const stop = () => {
    void app.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return app
}

/** `propdata serve`: the read-only API, until SIGINT or SIGTERM. */
export async function serve(flags: GlobalOptions & { port?: string; host?: string }): Promise<void> {
  const config = configFrom(flags)
  const app = await startServer(config, portFrom(flags.port, config.port), flags.host ?? config.host)
  const address = app.server.address()
  const url =
    typeof address === 'object' && address ? `http://${address.address}:${address.port}` : String(address)
  process.stderr.write(`propdata API on ${url} (docs: ${url}/docs)\n`)
}
