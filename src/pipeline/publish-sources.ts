import { readSourcePriority } from '../merge/source-priority.js'
import { type PublishReport, publishRun } from '../publish/publish-run.js'
import { insertRejects } from '../store/runs.repository.js'
import type { CrawledSources } from './crawl-sources.js'
import type { IngestOptions } from './ingest-options.js'
import type { RunContext } from './prepare-run.js'

/**
 * Stores the run's rejects and publishes what its sources staged, each as its verdict allows; null when there was
 * nothing to publish (no source went well and none that failed has listings to keep).
 */
export async function publishSources(
  options: IngestOptions,
  run: RunContext,
  { outcomes, rejects }: CrawledSources,
): Promise<PublishReport | null> {
  const { store, config, logger } = options
  run.stage.flush()
  await insertRejects(store, rejects)
  const judged = [...outcomes.values()]
  const anyOk = judged.some((o) => o.status === 'ok')
  if (!anyOk && !judged.some((o) => o.listings > 0 && !o.layoutChanged)) return null
  const published = publishRun(store, {
    runId: run.runId,
    sources: options.sources.map((s) => outcomes.get(s.id)!.publishAs),
    withdrawAfterRuns: config.withdrawAfterRuns,
    priority: options.priority ?? (await readSourcePriority(store)),
    now: run.startedAt,
  })
  logger.info(
    published.changed
      ? `Published generation ${published.generation}`
      : `Nothing changed since generation ${published.generation}: it stays published`,
    { runId: run.runId },
  )
  const { dedupeMs, mergeMs, valuateMs, publishMs } = published.timings
  const stage = (name: 'dedupe' | 'merge' | 'valuate' | 'publish', ms: number) =>
    run.emit({ type: 'stage', runId: run.runId, stage: name, ms })
  stage('dedupe', dedupeMs)
  stage('merge', mergeMs)
  stage('valuate', valuateMs)
  // The whole of publishing: its report's publishMs is what the other three leave of it.
  stage('publish', dedupeMs + mergeMs + valuateMs + publishMs)
  return published
}
