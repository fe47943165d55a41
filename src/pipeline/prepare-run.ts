import { createStageClock, type StageClock } from '../clock/stage-clock.js'
import { createPageMemo, type PageMemo } from '../store/page-memos.repository.js'
import { createRun, markCrashedRuns, markRunStopped } from '../store/runs.repository.js'
import { discardStaleStage } from '../store/stage.repository.js'
import type { IngestOptions } from './ingest-options.js'
import { type LeftOutSource, leftOutLine } from './left-out.js'
import { registerSources } from './register-catalogue.js'
import type { RunEvent } from './run-events.js'
import { createListingStager, type ListingStager, type StagingStep } from './stage-listing.js'

/** A run under way: its row in `runs`, its clock, and where its listings and pages are staged. */
export interface RunContext {
  readonly runId: number
  /** The run's start, stamped on what it sees and publishes. */
  readonly startedAt: string
  /** `performance.now()` at the start, for the run's duration. */
  readonly started: number
  readonly emit: (event: RunEvent) => void
  readonly clock: StageClock<StagingStep>
  readonly stage: ListingStager
  /** Pages seen before; none when the run parses every page again (`reparse`). */
  readonly memo: PageMemo | undefined
  readonly leftOut: readonly LeftOutSource[]
  /** Marks the run stopped in `runs` when the run's signal fires; {@link RunContext.detach} once it has finished. */
  readonly detach: () => void
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Starts a run: marks the runs that died without finishing, drops what they staged, writes the sources to the
 * catalogue, records the run and says so. A stop (SIGINT, SIGTERM, the deadline) shows in `runs` at once: what is
 * left of the run publishes what finished, and a second signal may end the process before the report is written.
 */
export async function prepareRun(options: IngestOptions): Promise<RunContext> {
  const { store, logger } = options
  const crashed = await markCrashedRuns(store, isAlive)
  if (crashed.length > 0)
    logger.warn(`Earlier run(s) ${crashed.join(', ')} died without finishing; marked crashed`)
  await discardStaleStage(store)

  const startedAt = new Date().toISOString()
  const started = performance.now()
  await registerSources(store, options.registry ?? options.sources, startedAt, options.sources)
  const ids = options.sources.map((s) => s.id)
  const runId = await createRun(store, {
    kind: 'ingest',
    mode: options.mode,
    sources: ids.join(','),
    startedAt,
  })
  logger.info(`Run ${runId} started (${options.mode}): ${ids.join(', ')}`, { runId })
  const markStopped = () => markRunStopped(store, runId)
  if (options.signal?.aborted) markStopped()
  else options.signal?.addEventListener('abort', markStopped, { once: true })

  const leftOut = options.leftOut ?? []
  for (const left of leftOut) logger.info(leftOutLine(left), { runId, source: left.source })
  const emit = options.onEvent ?? (() => {})
  emit({ type: 'run-start', runId, sources: ids, mode: options.mode })

  const clock = createStageClock(['normalise', 'resolve', 'stage'])
  return {
    runId,
    startedAt,
    started,
    emit,
    clock,
    stage: createListingStager(store, runId, clock),
    memo: options.reparse ? undefined : createPageMemo(store, runId),
    leftOut,
    detach: () => options.signal?.removeEventListener('abort', markStopped),
  }
}
