import { createStageClock } from '../clock/stage-clock.js'
import {
  applyStagedObservations,
  applyWithdrawals,
  assignListings,
  mergeListingsByFacts,
  preparePublishScratch,
  rebuildListings,
  trustRanks,
  type WithdrawalScope,
} from '../dedupe/index.js'
import { createGoldenRecordWriter, type GoldenWriteCounts } from '../merge/write-golden-records.js'
import { takeRegisterChanges } from '../registers/register-changes.js'
import type { Store } from '../store/database.js'
import { publishPageMemos } from '../store/page-memos.repository.js'
import { bumpGeneration, readPublication, rebuildListingCounts } from '../store/publication.repository.js'
import { clearStage } from '../store/stage.repository.js'
import { fitRunValuationModels, type ModelOutcome } from '../valuate/run-models.js'
import type { ValuationKind } from '../valuate/types.js'
import { changedAny, type HomeValueCounts, storeHomeValues } from './home-values.js'

/** How a source's crawl ended, as publish needs to know it. */
export interface SourceResult {
  readonly sourceId: string
  /** Only a source that completed successfully may withdraw listings it no longer shows. */
  readonly completed: boolean
  /** False when the crawl's output must not be trusted (the layout changed): its staged rows are dropped. */
  readonly publishable: boolean
  /** Set when the run crawled only part of the source (some cities or types): only those may be withdrawn. */
  readonly withdrawWithin?: WithdrawalScope
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
  /** The generation the API now serves: a new one, or the previous one when nothing changed. */
  readonly generation: number
  /** False when the run found exactly what was already published. */
  readonly changed: boolean
  readonly perSource: Record<string, { new: number; updated: number; withdrawn: number }>
  readonly listingsRebuilt: number
  readonly goldenRecords: GoldenWriteCounts
  /** Homes valued or regulated again, valuations dropped with their record, rentals compared again. */
  readonly valuations: HomeValueCounts
  /** What the publish did with each kind's valuation model; null when it changed no listing or record, so fitted none. */
  readonly models: Record<ValuationKind, ModelOutcome> | null
  readonly timings: {
    dedupeMs: number
    mergeMs: number
    valuateMs: number
    publishMs: number
    /** The part of `publishMs` that copied the committed pages from the WAL into the database file. */
    checkpointMs: number
    /** The part of `valuateMs` that valued, regulated and compared the homes (the rest fitted the models). */
    homeValuesMs: number
  }
}

/**
 * Publishes a run in one transaction: staged observations, withdrawals, listing identities, listings, golden
 * records, valuation models, each home's valuation, counts and the generation. The API reads committed snapshots only, so it sees the
 * previous run until the commit and the whole new one after it; a crash anywhere rolls everything back.
 */
export function publishRun(store: Store, options: PublishOptions): PublishReport {
  const { sqlite } = store
  const clock = createStageClock(['dedupe', 'merge', 'valuate', 'publish', 'checkpoint'])
  let homeValuesMs = 0
  const run = sqlite.transaction((): Omit<PublishReport, 'timings'> => {
    const golden = createGoldenRecordWriter(store, options.priority)
    // The generation this publish would make; it becomes visible only if something changed (see below).
    const generation = readPublication(store).generation + 1
    preparePublishScratch(sqlite)
    const ranks = trustRanks(sqlite, options.priority)

    const { perSource, listingsRebuilt } = clock.time('dedupe', () => {
      const perSource: PublishReport['perSource'] = {}
      for (const source of options.sources) {
        const run = { runId: options.runId, sourceId: source.sourceId, now: options.now }
        const changes = source.publishable ? applyStagedObservations(sqlite, run) : { new: 0, updated: 0 }
        const withdrawn = source.completed
          ? applyWithdrawals(sqlite, run, options.withdrawAfterRuns, source.withdrawWithin)
          : 0
        perSource[source.sourceId] = { ...changes, withdrawn }
      }
      publishPageMemos(
        store,
        options.runId,
        options.sources.filter((s) => s.publishable).map((s) => s.sourceId),
      )
      assignListings(sqlite)
      mergeListingsByFacts(sqlite, options.now)
      rebuildListings(sqlite, options.now, generation, ranks)
      const listingsRebuilt = sqlite.prepare('select count(*) from publish_listings').pluck().get() as number
      return { perSource, listingsRebuilt }
    })

    // Homes whose listings changed, and whose register facts changed (WOZ values, labels looked up this run or left
    // by a run that did not publish).
    const homes = new Set(sqlite.prepare('select bag_id from publish_homes').pluck().all() as string[])
    for (const id of takeRegisterChanges(store)) homes.add(id)
    const goldenRecords = clock.time('merge', () => golden.write(homes, generation))

    // A run that changed no listing or record keeps the valuation models (they were fitted on exactly these
    // listings). Of the homes it touched, each whose record changed is valued again and each whose facts changed has
    // its rent regulation computed again; every home when the models or the rules in force changed. The API serves
    // them as stored. A run that changed nothing
    // at all keeps the generation, so ETags stay valid and clients keep their 304s.
    const dataChanged = listingsRebuilt > 0 || goldenRecords.written > 0 || goldenRecords.removed > 0
    const { models, valuations } = clock.time('valuate', () => {
      const models = dataChanged ? fitRunValuationModels(store, generation, options.now) : null
      const started = performance.now()
      const valuations = storeHomeValues(store, generation, options.now, homes)
      homeValuesMs = Math.round(performance.now() - started)
      return { models, valuations }
    })
    const changed = dataChanged || changedAny(valuations)

    if (changed) {
      rebuildListingCounts(store)
      bumpGeneration(store, options.runId, options.now)
    }
    clearStage(sqlite, options.runId)
    return {
      generation: changed ? generation : generation - 1,
      changed,
      perSource,
      listingsRebuilt,
      goldenRecords,
      valuations,
      models,
    }
  })
  // The WAL checkpoint that SQLite runs inside a large commit runs right after it instead, after every publish, so
  // that it is timed on its own: after a large run it is most of publishing, the kernel copying pages, then an fsync.
  const autocheckpoint = sqlite.pragma('wal_autocheckpoint', { simple: true }) as number
  sqlite.pragma('wal_autocheckpoint = 0')
  let report: Omit<PublishReport, 'timings'>
  try {
    report = clock.time('publish', () => run.immediate())
  } finally {
    sqlite.pragma(`wal_autocheckpoint = ${autocheckpoint}`)
  }
  clock.time('checkpoint', () => sqlite.pragma('wal_checkpoint(PASSIVE)'))
  // Publishing is everything else, the commit and the checkpoint included: they write every page the run changed.
  const { publishMs, checkpointMs, ...steps } = clock.timings()
  return {
    ...report,
    timings: { ...steps, publishMs: publishMs + checkpointMs, checkpointMs, homeValuesMs },
  }
}
