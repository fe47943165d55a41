import { generateKey } from '../../api/api-keys.js'
import { readDatabaseContent } from '../../store/runs.repository.js'
import { cliCommand } from '../command-hint.js'
import { createCliLogger, type GlobalOptions, sampleConfigFrom, withStoreOrCreate } from '../context.js'
import { displayPath } from '../display-path.js'
import { assertCanListen, portFrom } from '../port.js'
import { ingestWith, reportRun } from './ingest.js'
import { startServer } from './serve.js'

/**
 * `propdata start` (what `npm start` runs): ingest the bundled sample into its own database (`data/sample.db`, or
 * `--db`), then serve it with a session key. It never touches the live database, and refuses one holding live data.
 */
export async function start(flags: GlobalOptions & { port?: string }): Promise<void> {
  const base = sampleConfigFrom(flags)
  const sessionKey = generateKey()
  const config = Object.freeze({ ...base, envApiKeys: [...base.envApiKeys, sessionKey] })
  const logger = createCliLogger(flags)
  // A busy port is known before the ingest, so it is said before a minute of work rather than after.
  const port = portFrom(flags.port, config.port)
  await assertCanListen(port, config.host)
  const { exitCode, content } = await withStoreOrCreate(config, async (store) => ({
    exitCode: reportRun({ ...flags, json: false }, await ingestWith(config, store, { sample: true }, logger)),
    content: readDatabaseContent(store),
  }))
  if (exitCode === 1) {
    process.exitCode = 1
    return
  }
  const app = await startServer(config, port, config.host)
  const db = displayPath(config.dbPath)
  const address = app.server.address()
  const url =
    typeof address === 'object' && address
      ? `http://${address.address === '::' ? 'localhost' : address.address}:${address.port}`
      : String(address)
  process.stdout.write(
    [
      '',
      `propdata is serving ${content.live ? 'the sample and live runs' : 'the sample'} from ${db} on ${url}`,
      `  API key for this session: ${sessionKey}`,
      `  try:  curl -H 'X-API-Key: ${sessionKey}' '${url}/v1/listings?city=Amsterdam&type=buy'`,
      `  docs: ${url}/docs`,
      `  A permanent key: ${cliCommand(`keys create NAME --db ${db}`)}   (then \`npm run serve -- --db ${db}\`)`,
      '',
    ].join('\n'),
  )
}
