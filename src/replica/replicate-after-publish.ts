import type { Logger } from '../pipeline/logger.js'
import type { Store } from '../store/database.js'
import { openPostgres } from './postgres/connect.js'
import { connectionFailure, redactedUrl } from './postgres/postgres-url.js'
import { replicate } from './postgres/replicate.js'

/** How the copy to PostgreSQL after a publish went, as the run's report says it. */
export type ReplicaOutcome =
  | { readonly url: string; readonly generation: number; readonly rows: number; readonly durationMs: number }
  | { readonly url: string; readonly error: string }

/**
 * Copies the generation just published to the PostgreSQL database at `url` (`PROPDATA_POSTGRES_URL`). Called after
 * the SQLite commit: the publish stands whatever happens here, and a failure (the server down, a full disk) is
 * returned for the run's report and logged, never thrown; the next publish or `propdata replicate` catches up.
 */
export async function replicateAfterPublish(
  store: Store,
  url: string,
  logger: Logger,
): Promise<ReplicaOutcome> {
  const shown = redactedUrl(url)
  let postgres: Awaited<ReturnType<typeof openPostgres>>
  try {
    postgres = await openPostgres(url, { applicationName: 'propdata publish', max: 1 })
  } catch (error) {
    const message = connectionFailure(url, error)
    logger.error(`Replica not updated: ${message}`)
    return { url: shown, error: message }
  }
  try {
    const report = await replicate(store, postgres)
    const rows = Object.values(report.tables).reduce((n, t) => n + t.copied + t.deleted + t.updated, 0)
    logger.info(`Replicated generation ${report.generation} to ${shown} in ${report.durationMs} ms`)
    return { url: shown, generation: report.generation, rows, durationMs: report.durationMs }
  } catch (error) {
    const message = `replicating to ${shown} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`
    logger.error(`Replica not updated: ${message}`)
    return { url: shown, error: message }
  } finally {
    await postgres.close()
  }
}
