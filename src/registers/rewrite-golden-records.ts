import { createGoldenRecordWriter } from '../merge/write-golden-records.js'
import { storeHomeValues } from '../publish/home-values.js'
import type { Store } from '../store/database.js'
import { bumpGeneration, readPublication } from '../store/publication.repository.js'
import { fitRunValuationModels } from '../valuate/run-models.js'

/** What rewriting after a register change did. */
export interface GoldenRewriteReport {
  readonly goldenRecords: { written: number; unchanged: number; removed: number }
  /** The new generation, or null when no record changed (then the API's caches and ETags stay valid). */
  readonly generation: number | null
}

/**
 * Rewrites the golden records of `ids` (a register changed under them) and, when any record changed, publishes a
 * new generation with freshly fitted valuation models and every home valued with them, so the API's caches and ETags move. Run inside the caller's
 * transaction, after the register tables hold their new content.
 */
export function rewriteGoldenRecords(
  store: Store,
  ids: Iterable<string>,
  options: { priority: (source: string) => number; now: string },
): GoldenRewriteReport {
  const next = readPublication(store).generation + 1
  const writer = createGoldenRecordWriter(store, options.priority)
  const goldenRecords = writer.write(ids, next)
  if (goldenRecords.written + goldenRecords.removed === 0) return { goldenRecords, generation: null }
  const generation = bumpGeneration(store, null, options.now)
  // Labels and WOZ values are model features: comparables changed, so the models are refitted for the generation.
  fitRunValuationModels(store, generation, options.now)
  storeHomeValues(store, generation, options.now)
  return { goldenRecords, generation }
}
