import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../api/app.js'
import type { Config } from '../../config.js'
import { openStore } from '../../store/database.js'
import { configFrom, type GlobalOptions } from '../context.js'
import { listenFailure, portFrom } from '../port.js'

/**
 * Starts the API on a read-only connection (after bringing the schema up to date) and returns it. The database must
 * exist: serving a mistyped path would answer from an empty one.
 */
export async function startServer(config: Config, port: number, host: string): Promise<FastifyInstance> {
  const writable = await openStore(config.dbPath, { create: false })
  await writable.close()
  const store = await openStore(config.dbPath, { readonly: true })
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
