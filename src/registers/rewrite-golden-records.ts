import { createGoldenRecordWriter } from '../merge/write-golden-records.js'
import { changedAny, storeHomeValues } from '../publish/home-values.js'
import type { Store } from '../store/database.js'
import { bumpGeneration, readPublication } from '../store/publication.repository.js'
import { fitRunValuationModels } from '../valuate/run-models.js'

/** What rewriting after a register change did. */
export interface GoldenRewriteReport {
  readonly goldenRecords: { written: number; unchanged: number; removed: number }
  /** The new generation, or null when nothing the API serves changed (then its caches and ETags stay valid). */
  readonly generation: number | null
}

/**
 * Rewrites the golden records of the homes `ids` lists (a register changed under them; called twice, it must list
 * them again) with freshly fitted valuation models when any record changed, stores their valuations and rent
 * regulations, and publishes a new generation when anything the API serves changed, so its caches and ETags move.
 * Run inside the caller's transaction, after the register tables hold their new content.
 */
export function rewriteGoldenRecords(
  store: Store,
  ids: () => Iterable<string>,
  options: { priority: (source: string) => number; now: string },
): GoldenRewriteReport {
  const next = readPublication(store).generation + 1
  const writer = createGoldenRecordWriter(store, options.priority)
  const goldenRecords = writer.write(ids(), next)
  const recordsChanged = goldenRecords.written + goldenRecords.removed > 0
  // Labels and WOZ values are model features: comparables changed, so the models are refitted for the generation.
  if (recordsChanged) fitRunValuationModels(store, next, options.now)
  // A label's dates are facts of the rent regulation even where the record keeps its label.
  const values = storeHomeValues(store, next, options.now, ids())
  if (!recordsChanged && !changedAny(values)) return { goldenRecords, generation: null }
  return { goldenRecords, generation: bumpGeneration(store, null, options.now) }
}
