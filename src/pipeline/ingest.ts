import type { EnrichmentReport } from '../registers/enrich-homes.js'
import { type CrawledSources, crawlSources } from './crawl-sources.js'
import { enrichFromRegisters } from './enrich-from-registers.js'
import type { IngestOptions } from './ingest-options.js'
import { createSourceJudge } from './judge-source.js'
import { openFetcher } from './open-fetcher.js'
import { prepareRun } from './prepare-run.js'
import { publishSources } from './publish-sources.js'
import { type RunReport, reportRun } from './report-run.js'
import { resolveStaged } from './resolve-staged.js'

export type { IngestOptions } from './ingest-options.js'
export type { RunReport, SourceReport } from './report-run.js'

/**
 * Runs the pipeline once, step by step: prepare the run → crawl each source (fetch → parse → normalise → resolve →
 * stage, and judge how it went) → resolve what staging left → enrich from the registers → publish (dedupe → merge →
 * valuate, in one transaction) → report. The fetcher is open from the crawl to the registers' look-ups, and closed
 * whatever happens in between.
 */
export async function runIngest(options: IngestOptions): Promise<RunReport> {
  const run = await prepareRun(options)
  const judge = await createSourceJudge(
    options.store,
    options.sources,
    options.partialScope ?? false,
    options.config,
  )
  const fetch = await openFetcher(options, run.runId)
  let crawled: CrawledSources
  let registers: EnrichmentReport | null
  try {
    crawled = await crawlSources(options, run, fetch, judge)
    await resolveStaged(options, run, fetch.fetcher)
    registers = await enrichFromRegisters(options, run, fetch.fetcher)
  } finally {
    await fetch.close()
  }
  const published = await publishSources(options, run, crawled)
  return reportRun(options, run, crawled, published, registers, fetch)
}
