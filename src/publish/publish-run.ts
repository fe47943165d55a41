import { assignListings, prepareIdentityStatements } from '../dedupe/assign-listings.js'
import { prepareListingStatements, rebuildListing } from '../dedupe/build-listing.js'
import {
  applyStagedObservations,
  applyWithdrawals,
  type ObservationChanges,
  prepareObservationStatements,
} from '../dedupe/observations.js'
import { createGoldenRecordWriter } from '../merge/write-golden-records.js'
import { takeRegisterChanges } from '../registers/register-changes.js'
import type { Store } from '../store/database.js'
import { bumpGeneration, rebuildListingCounts } from '../store/publication.repository.js'
import { fitRunValuationModels } from '../valuate/run-models.js'

/** How a source's crawl ended, as publish needs to know it. */
export interface SourceResult {
  readonly sourceId: string
  /** Only a source that completed successfully may withdraw listings it no longer shows. */
  readonly completed: boolean
  /** False when the crawl's output must not be trusted (the layout changed): its staged rows are dropped. */
  readonly publishable: boolean
}

/** Options for {@link publishRun}. */
export interface PublishOptions {
  readonly runId: number
  readonly sources: readonly SourceResult[]
  /** Missed successful runs before a listing is withdrawn. */
  readonly withdrawAfterRuns: number
  /** Lower is more trusted. */
  readonly priority: (sourceId: string) => number
  readonly now: string
}

/** What publishing changed, per source and in total, with the time per stage. */
export interface PublishReport {
  readonly generation: number
  readonly perSource: Record<string, { new: number; updated: number; withdrawn: number }>
  readonly listingsRebuilt: number
  readonly goldenRecords: { written: number; unchanged: number; removed: number }
  readonly timings: { dedupeMs: number; mergeMs: number; valuateMs: number; publishMs: number }
}

/**
 * Publishes a run in one transaction: staged observations, withdrawals, listing identities, listings, golden
 * records, valuation models, counts and the generation. The API reads committed snapshots only, so it sees the
 * previous run until the commit and the whole new one after it; a crash anywhere rolls everything back.
 */
export function publishRun(store: Store, options: PublishOptions): PublishReport {
  const run = store.sqlite.transaction((): PublishReport => {
    const started = performance.now()
    const observationStatements = prepareObservationStatements(store)
    const identityStatements = prepareIdentityStatements(store)
    const listingStatements = prepareListingStatements(store)
    const golden = createGoldenRecordWriter(store, options.priority)
    const generation = bumpGeneration(store, options.runId, options.now)

    let t = performance.now()
    const perSource: PublishReport['perSource'] = {}
    const touched = new Set<number>()
    const affectedListings = new Set<number>()
    for (const source of options.sources) {
      const changes: ObservationChanges = { new: 0, updated: 0, withdrawn: 0, touched, affectedListings }
      if (source.publishable)
        applyStagedObservations(observationStatements, options.runId, source.sourceId, options.now, changes)
      if (source.completed) {
        applyWithdrawals(
          observationStatements,
          options.runId,
          source.sourceId,
          options.withdrawAfterRuns,
          changes,
        )
      }
      perSource[source.sourceId] = {
        new: changes.new,
        updated: changes.updated,
        withdrawn: changes.withdrawn,
      }
    }
    for (const id of assignListings(identityStatements, touched)) affectedListings.add(id)
    const affectedHomes = new Set<string>()
    for (const id of affectedListings) {
      for (const bagId of rebuildListing(listingStatements, id, options.priority, options.now, generation)) {
        affectedHomes.add(bagId)
      }
    }
    const dedupeMs = performance.now() - t

    t = performance.now()
    // Homes whose register facts changed (WOZ values, labels looked up this run or left by a run that did not publish).
    for (const id of takeRegisterChanges(store)) affectedHomes.add(id)
    const goldenRecords = golden.write(affectedHomes, generation)
    const mergeMs = performance.now() - t

    t = performance.now()
    fitRunValuationModels(store, generation, options.now)
    const valuateMs = performance.now() - t

    rebuildListingCounts(store)
    store.sqlite.prepare('delete from stage_observations where run_id = ?').run(options.runId)
    const publishMs = performance.now() - started - dedupeMs - mergeMs - valuateMs
    return {
      generation,
      perSource,
      listingsRebuilt: affectedListings.size,
      goldenRecords,
      timings: { dedupeMs, mergeMs, valuateMs, publishMs },
    }
  })
  return run.immediate()
}
