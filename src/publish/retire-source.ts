import { count } from '../plural.js'
import type { Store } from '../store/database.js'
import { recordRun, recordRunSource } from '../store/runs.repository.js'
import { publishRun } from './publish-run.js'

/** What retiring a source did. */
export interface RetireReport {
  readonly runId: number
  readonly source: string
  /** Its observations that were on offer; a listing other sources also show stays on offer through them. */
  readonly withdrawn: number
  /** The generation the API now serves. */
  readonly generation: number
}

/**
 * Retires a listing source: a run of kind `retire` publishes, in one generation, the withdrawal of every listing it
 * still has on offer, as a run in which it completed and showed nothing would, at once. Its observations, price
 * history, rejects and runs stay. The run's row for the source has status `retired`, which `/v1/sources` and a run
 * over every source read: it is left out of both until a run names it again. The caller holds the run lock.
 */
export async function retireSource(
  store: Store,
  sourceId: string,
  options: { readonly priority: (sourceId: string) => number },
): Promise<RetireReport> {
  const started = performance.now()
  return recordRun(store, { kind: 'retire', mode: 'cli', sources: sourceId }, async (runId, startedAt) => {
    const published = publishRun(store, {
      runId,
      sources: [{ sourceId, completed: true, publishable: true }],
      withdrawAfterRuns: 1,
      priority: options.priority,
      now: startedAt,
    })
    const withdrawn = published.perSource[sourceId]?.withdrawn ?? 0
    const durationMs = Math.round(performance.now() - started)
    await recordRunSource(store, {
      run_id: runId,
      source_id: sourceId,
      status: 'retired',
      pages: 0,
      pages_failed: 0,
      listings: 0,
      new_listings: 0,
      updated_listings: 0,
      withdrawn_listings: withdrawn,
      rejected: 0,
      errors: 0,
      duration_ms: durationMs,
      message: `${count(withdrawn, 'active listing')} withdrawn`,
    })
    const result: RetireReport = { runId, source: sourceId, withdrawn, generation: published.generation }
    return { result, report: { ...result, durationMs, problems: [] } }
  })
}
