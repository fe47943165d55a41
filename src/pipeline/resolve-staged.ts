import type { Fetcher } from '../fetch/index.js'
import { resolveWithPdok } from '../resolve/index.js'
import type { IngestOptions } from './ingest-options.js'
import type { RunContext } from './prepare-run.js'

/**
 * Writes out what the crawl staged and remembered, then resolves the staged listings the BAG could not place by
 * asking PDOK's Locatieserver (when the fallback is on and the run was not stopped).
 */
export async function resolveStaged(
  options: IngestOptions,
  run: RunContext,
  fetcher: Fetcher,
): Promise<void> {
  run.stage.flush()
  run.memo?.flush()
  const { config } = options
  if (!config.pdokFallback || options.signal?.aborted) return
  const pdok = await resolveWithPdok(options.store, run.runId, { fetcher, baseUrl: config.pdokUrl })
  options.logger.info(
    `PDOK fallback: ${pdok.resolved} of ${pdok.candidates} resolved (${pdok.lookedUp} looked up, ${pdok.fromCache} cached, ${pdok.failed} failed)`,
    { runId: run.runId },
  )
}
