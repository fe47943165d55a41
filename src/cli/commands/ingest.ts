import type { Command } from 'commander'
import { ALL_SOURCES, findSource } from '../../../sources/index.js'
import type { Config } from '../../config.js'
import type { CrawlScope, OfferType } from '../../kit/adapter.js'
import { type RunReport, runIngest } from '../../pipeline/ingest.js'
import type { Logger } from '../../pipeline/logger.js'
import { importBag } from '../../registers/import-bag.js'
import type { Store } from '../../store/database.js'
import { configFrom, createCliLogger, type GlobalOptions, printResult, withStore } from '../context.js'
import { CliError, EXIT } from '../exit-codes.js'
import { readSampleManifest } from '../sample.js'
import { sourcePriority } from './import.js'

/** The cities a live run crawls when none are given: the largest markets. */
export const DEFAULT_CITIES = [
  'Amsterdam',
  'Rotterdam',
  'Den Haag',
  'Utrecht',
  'Eindhoven',
  'Groningen',
  'Tilburg',
  'Almere',
  'Breda',
  'Nijmegen',
]

interface IngestFlags extends GlobalOptions {
  sample?: boolean
  replay?: string[]
  sources?: string
  cities?: string
  types?: string
  maxPages?: string
  limit?: string
}

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)

const positive = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined
  if (!/^[1-9]\d*$/.test(value)) throw new CliError(`--${name} must be a whole number ≥ 1`, EXIT.USAGE)
  return Number(value)
}

/** Loads the sample's BAG extract when the database has no BAG yet, so the sample's homes can resolve. */
export async function ensureSampleBag(store: Store, bagPath: string, logger: Logger): Promise<void> {
  const any = await store.db.selectFrom('bag_objects').select('id').limit(1).executeTakeFirst()
  if (any) return
  logger.info(`No BAG loaded yet: importing the sample's BAG extract (${bagPath})`)
  const report = await importBag(store, bagPath, { priority: sourcePriority })
  logger.info(`  ${report.counts.verblijfsobject} verblijfsobjecten, ${report.addresses} addresses`)
}

/** Runs one ingest as the flags say and returns its report. Shared by `ingest` and `start`. */
export async function ingestWith(
  config: Config,
  store: Store,
  flags: IngestFlags,
  logger: Logger,
): Promise<RunReport> {
  if (flags.sample && flags.replay) throw new CliError('Use --sample or --replay, not both', EXIT.USAGE)
  const sample = flags.sample ? readSampleManifest(config) : undefined
  const ids = list(flags.sources) ?? sample?.sources ?? ALL_SOURCES.map((s) => s.id)
  const sources = ids.map((id) => {
    const source = findSource(id)
    if (!source)
      throw new CliError(
        `Unknown source ${id}; known: ${ALL_SOURCES.map((s) => s.id).join(', ')}`,
        EXIT.USAGE,
      )
    return source
  })
  const types = (list(flags.types) ?? sample?.scope.types ?? ['rent', 'buy']) as OfferType[]
  if (types.some((t) => t !== 'rent' && t !== 'buy'))
    throw new CliError('--types takes rent, buy or rent,buy', EXIT.USAGE)
  const scope: CrawlScope = { cities: list(flags.cities) ?? sample?.scope.cities ?? DEFAULT_CITIES, types }
  if (sample) await ensureSampleBag(store, sample.bag, logger)
  return runIngest({
    store,
    config,
    sources,
    scope,
    mode: sample ? 'sample' : flags.replay ? 'replay' : 'live',
    archives: sample ? [sample.archive] : flags.replay,
    maxListPages: positive('max-pages', flags.maxPages),
    maxListings: positive('limit', flags.limit),
    logger,
    priority: sourcePriority,
  })
}

/** Prints a run report and returns the exit code the run earned. */
export function reportRun(options: GlobalOptions, report: RunReport): number {
  printResult(options, report, () => {
    const lines = report.sources.map(
      (s) =>
        `  ${s.source.padEnd(14)}${s.status.padEnd(9)}${String(s.pages).padStart(6)} pages ${String(s.listings).padStart(7)} listings ` +
        `(${s.new} new, ${s.updated} updated, ${s.withdrawn} withdrawn, ${s.rejected} rejected)`,
    )
    const head =
      `Run ${report.runId} ${report.status} in ${(report.durationMs / 1000).toFixed(1)} s` +
      (report.generation ? `; published generation ${report.generation}` : '; nothing published')
    const tail = report.problems.length > 0 ? `\n${report.problems.map((p) => `FAILED ${p}`).join('\n')}` : ''
    return `${head}\n${lines.join('\n')}${tail}`
  })
  return report.exitCode
}

/** `propdata ingest`: one pipeline run. */
export function registerIngestCommand(program: Command): void {
  program
    .command('ingest')
    .description('Run the pipeline once: crawl, parse, normalise, resolve, dedupe, merge, valuate, publish')
    .option(
      '--sample',
      'replay the bundled sample archive offline (imports its BAG extract if none is loaded)',
    )
    .option('--replay <archive...>', 'replay recorded WARC archives offline instead of fetching')
    .option('--sources <ids>', 'comma-separated source ids (default: all, or the sample’s)')
    .option(
      '--cities <names>',
      `comma-separated cities to crawl (default: ${DEFAULT_CITIES.slice(0, 4).join(', ')}, …)`,
    )
    .option('--types <types>', 'rent, buy or rent,buy (default: both)')
    .option('--max-pages <n>', 'follow at most this many result pages per source')
    .option('--limit <n>', 'stop each source after this many listings')
    .action(async (_o, cmd: Command) => {
      const flags = cmd.optsWithGlobals<IngestFlags>()
      const config = configFrom(flags)
      const code = await withStore(config, async (store) =>
        reportRun(flags, await ingestWith(config, store, flags, createCliLogger(flags))),
      )
      process.exitCode = code
    })
}
