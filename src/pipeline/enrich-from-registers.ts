import type { Fetcher } from '../fetch/index.js'
import { type EnrichmentReport, enrichHomes } from '../registers/enrich-homes.js'
import type { IngestOptions } from './ingest-options.js'
import type { RunContext } from './prepare-run.js'

/**
 * Looks up the registers (WOZ values, EP-Online labels) for the homes the run's listings resolved to, and logs what
 * each found; null when the run was stopped before.
 */
export async function enrichFromRegisters(
  options: IngestOptions,
  run: RunContext,
  fetcher: Fetcher,
): Promise<EnrichmentReport | null> {
  if (options.signal?.aborted) return null
  const registers = await enrichHomes(options.store, run.runId, {
    fetcher,
    config: options.config,
    mode: options.mode,
    now: run.startedAt,
    signal: options.signal,
  })
  for (const [name, r] of Object.entries(registers)) {
    if (r)
      options.logger.info(
        `${name}: ${r.lookedUp} of ${r.candidates} looked up (${r.found} found, ${r.none} none, ${r.failed} failed, ${r.changed} changed)${r.stoppedBy ? `; stopped: ${r.stoppedBy}` : ''}`,
        { runId: run.runId },
      )
  }
  return registers
}
