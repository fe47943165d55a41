import { setMaxListeners } from 'node:events'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Config } from '../../config.js'
import type { CrawlScope, OfferType, Source } from '../../kit/adapter.js'
import { toCitySlug } from '../../kit/city-slug.js'
import { createSourcePriority, REGISTER_SOURCES, readSourcePriority } from '../../merge/source-priority.js'
import { operateRun } from '../../ops/operate-run.js'
import { parseDuration } from '../../ops/parse-duration.js'
import { summariseRun } from '../../ops/summarise-run.js'
import { installTestPause } from '../../ops/test-pause.js'
import { type RunReport, runIngest } from '../../pipeline/ingest.js'
import { type LeftOutSource, leftOutLine } from '../../pipeline/left-out.js'
import type { Logger } from '../../pipeline/logger.js'
import type { RunEvent } from '../../pipeline/run-events.js'
import { count } from '../../plural.js'
import { importBag } from '../../registers/import-bag.js'
import { recordImport } from '../../registers/record-import.js'
import { loadRegistry, type Registry } from '../../registry/registry.js'
import type { Store } from '../../store/database.js'
import { readListingSources } from '../../store/sources.repository.js'
import {
  configFrom,
  type GlobalOptions,
  printResult,
  sampleConfigFrom,
  withStoreOrCreate,
} from '../context.js'
import { DEFAULT_CITIES } from '../default-cities.js'
import { type RunMode, selectEverySource } from '../every-source.js'
import { CliError, EXIT, exitIfLocked } from '../exit-codes.js'
import { BARE_FEED, type FeedFile, readFeedFlags } from '../feed-flags.js'
import { createRunOutput } from '../logging.js'
import { keepSampleApart, readSampleManifest, type SampleManifest } from '../sample.js'
import { formatTable } from '../table.js'
import { ensureSampleEnergyLabels } from './import.js'

/** The flags of `propdata ingest`. */
export interface IngestFlags extends GlobalOptions {
  sample?: boolean
  replay?: string[]
  sources?: string
  cities?: string
  types?: string
  maxPages?: string
  limit?: string
  reparse?: boolean
  maxDuration?: string
  notify?: string
  /** `--feed NAME=PATH` or `--feed PATH`, once per partner file. */
  feed?: string[]
}

/** What the caller adds to a run besides the flags: progress events and a signal to stop early (SIGTERM). */
export interface IngestHooks {
  readonly onEvent?: (event: RunEvent) => void
  readonly signal?: AbortSignal
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

/** The ids of the sources a run reads, and the registered sources a run over every source leaves out. */
interface RunSources {
  readonly ids: readonly string[]
  readonly leftOut: readonly LeftOutSource[]
}

/**
 * The sources a run reads: those `--sources` names, else the sample's, else every runnable source that needs no file
 * (see {@link selectEverySource}). The `--feed` files are read in any case, and alone when `--sources` names
 * nothing else: a feed run never crawls sites.
 */
async function sourcesFor(
  flags: Pick<IngestFlags, 'sources'>,
  feeds: readonly FeedFile[],
  sample: Pick<SampleManifest, 'sources'> | undefined,
  everySource: () => Promise<RunSources>,
): Promise<RunSources> {
  const named = list(flags.sources)
  if (feeds.length > 0)
    return { ids: [...new Set([...(named ?? []), ...feeds.map((f) => f.name)])], leftOut: [] }
  if (named) return { ids: named, leftOut: [] }
  if (sample) return { ids: [...sample.sources], leftOut: [] }
  return everySource()
}

/**
 * What a run over every source reads: the registered sources but those retired (`sources retire`) and, in a live
 * run, those whose terms forbid collection; each stays out until a run names it.
 */
async function everySource(store: Store, registry: Registry, mode: RunMode): Promise<RunSources> {
  const retired = new Set((await readListingSources(store)).filter((s) => s.retired).map((s) => s.id))
  const { sources, leftOut } = selectEverySource(registry.sources, { mode, retired })
  if (sources.length === 0)
    throw new CliError(`No source to run: ${leftOut.map(leftOutLine).join('; ')}`, EXIT.USAGE)
  return { ids: sources.map((s) => s.id), leftOut }
}

/**
 * A named feed is a source id everywhere (runs, health, withdrawals, the API), so its name must be no other
 * source's: not a register, not a registered source, not a source whose listings the database holds (a crawled
 * source no longer registered). A name the database knows as a feed is that feed again.
 */
async function refuseTakenFeedNames(
  store: Store,
  registry: Registry,
  feeds: readonly FeedFile[],
): Promise<void> {
  const named = feeds.filter((f) => f.name !== BARE_FEED)
  if (named.length === 0) return
  const known = await readListingSources(store)
  for (const { name } of named) {
    const taken = (REGISTER_SOURCES as readonly string[]).includes(name)
      ? 'a register'
      : registry.find(name)
        ? 'a registered source'
        : known.some((s) => s.id === name && s.adapter !== BARE_FEED)
          ? 'a source this database holds listings of'
          : null
    if (taken)
      throw new CliError(`--feed ${name}=…: ${name} is ${taken}; give the feed a name of its own`, EXIT.USAGE)
  }
}

/** The source of an id a run names: a feed given with `--feed`, else a registered source; bad usage if neither. */
async function sourceOf(
  store: Store,
  registry: Registry,
  id: string,
  feeds: readonly FeedFile[],
): Promise<Source> {
  if (feeds.some((f) => f.name === id)) return registry.namedFeed(id)
  const source = registry.find(id)
  if (source) return source
  const known = (await readListingSources(store)).find((s) => s.id === id)
  if (known?.adapter === BARE_FEED)
    throw new CliError(`${id} is a partner feed: give its file with --feed ${id}=PATH`, EXIT.USAGE)
  throw new CliError(
    `Unknown source ${id}; known: ${registry.sources.map((s) => s.id).join(', ')}`,
    EXIT.USAGE,
  )
}

/**
 * The sample holds the pages of a few cities only; asking it for another is a usage error that names the cities it
 * has, not a run whose every source fails on pages that were never recorded.
 */
function refuseCitiesOutside(sample: Pick<SampleManifest, 'scope'>, cities: readonly string[]): void {
  const recorded = new Set(sample.scope.cities.map(toCitySlug))
  const missing = cities.filter((city) => !recorded.has(toCitySlug(city)))
  if (missing.length === 0) return
  throw new CliError(
    `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in the sample; it has ${sample.scope.cities.join(', ')}`,
    EXIT.USAGE,
  )
}

/** Loads the sample's BAG extract when the database has no BAG yet, so the sample's homes can resolve. */
export async function ensureSampleBag(
  store: Store,
  bagPath: string,
  logger: Logger,
  priority: (source: string) => number,
): Promise<void> {
  const any = await store.db.selectFrom('bag_objects').select('id').limit(1).executeTakeFirst()
  if (any) return
  // A run of its own (kind import-bag), so the ingest that follows is the next run: say which.
  const report = await recordImport(store, 'bag', 'sample', (runId) => {
    logger.info(
      `Run ${runId} (import-bag): no BAG loaded yet, importing the sample's BAG extract (${bagPath})`,
    )
    return importBag(store, bagPath, { priority })
  })
  logger.info(
    `  ${count(report.counts.verblijfsobject, 'verblijfsobject', 'verblijfsobjecten')}, ${count(report.addresses, 'address', 'addresses')}`,
  )
}

/** Runs one ingest as the flags say and returns its report. Shared by `ingest` and `start`. */
export async function ingestWith(
  config: Config,
  store: Store,
  flags: IngestFlags,
  logger: Logger,
  hooks: IngestHooks = {},
): Promise<RunReport> {
  if (flags.sample && flags.replay) throw new CliError('Use --sample or --replay, not both', EXIT.USAGE)
  const sample = flags.sample ? readSampleManifest(config) : undefined
  // File sources read the file they are given: each `--feed`, and the sample's feed unless a bare --feed replaces it.
  const feeds = readFeedFlags(flags.feed ?? [])
  const missing = feeds.find((f) => !existsSync(f.path))
  if (missing) throw new CliError(`--feed: no such file: ${missing.path}`, EXIT.USAGE)
  const registry = await loadRegistry()
  await refuseTakenFeedNames(store, registry, feeds)
  const files: Record<string, string> = sample?.feed ? { [BARE_FEED]: resolve(sample.feed) } : {}
  for (const feed of feeds) files[feed.name] = resolve(feed.path)
  const mode: RunMode = sample ? 'sample' : flags.replay ? 'replay' : 'live'
  const { ids, leftOut } = await sourcesFor(flags, feeds, sample, () => everySource(store, registry, mode))
  const sources: Source[] = []
  for (const id of ids) sources.push(await sourceOf(store, registry, id, feeds))
  const fileless = sources.find((s) => s.kind === 'file' && !files[s.id])
  if (fileless) throw new CliError(`--sources ${fileless.id} needs --${fileless.id} FILE`, EXIT.USAGE)
  const types = (list(flags.types) ?? sample?.scope.types ?? ['rent', 'buy']) as OfferType[]
  if (types.some((t) => t !== 'rent' && t !== 'buy'))
    throw new CliError('--types takes rent, buy or rent,buy', EXIT.USAGE)
  const scope: CrawlScope = { cities: list(flags.cities) ?? sample?.scope.cities ?? DEFAULT_CITIES, types }
  if (sample) refuseCitiesOutside(sample, scope.cities)
  keepSampleApart(store, { sample: sample !== undefined }, config, logger)
  const maxListPages = positive('max-pages', flags.maxPages)
  const maxListings = positive('limit', flags.limit)
  const deadline = durationFlag(flags.maxDuration)
  const notifyUrl = urlFlag(flags.notify) ?? config.notifyUrl
  // The deadline and the caller's stop signal end the crawl the same way: no new pages, then publish what finished.
  const stops = [hooks.signal, deadline === undefined ? undefined : AbortSignal.timeout(deadline)]
  const signals = stops.filter((s): s is AbortSignal => s !== undefined)
  const signal = signals.length > 0 ? AbortSignal.any(signals) : undefined
  // Every request in flight (up to 256 per source) listens on the run's signal; that is by design, not a leak.
  if (signal) setMaxListeners(1024, signal)
  if (config.testPause) installTestPause(store.sqlite)
  return exitIfLocked(() =>
    operateRun({
      store,
      dataDir: config.dataDir,
      retentionDays: config.retentionDays,
      logger,
      notifyUrl,
      statusUrl: config.statusUrl,
      keepFiles: flags.replay,
      run: async () => {
        // The trust order the last run registered: a database without one has no golden records to rank yet.
        const priority = await readSourcePriority(store, config.sourcePriority)
        if (sample) await ensureSampleBag(store, sample.bag, logger, priority)
        if (sample?.energyLabels) await ensureSampleEnergyLabels(store, sample.energyLabels, logger, priority)
        return runIngest({
          store,
          config,
          sources,
          registry: registry.sources,
          files,
          scope,
          partialScope: flags.cities !== undefined || flags.types !== undefined,
          mode,
          leftOut,
          archives: sample ? [sample.archive] : flags.replay,
          maxListPages,
          maxListings,
          reparse: flags.reparse,
          signal,
          logger,
          onEvent: hooks.onEvent,
          // Else the trust order this run registers.
          priority: config.sourcePriority ? createSourcePriority(config.sourcePriority) : undefined,
        })
      },
    }),
  )
}

const durationFlag = (value: string | undefined) => {
  if (value === undefined) return undefined
  try {
    return parseDuration(value)
  } catch (error) {
    throw new CliError(`--max-duration: ${(error as Error).message}`, EXIT.USAGE)
  }
}

const urlFlag = (value: string | undefined) => {
  if (value === undefined) return undefined
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new CliError(`--notify takes an http(s) URL, got ${value}`, EXIT.USAGE)
  return value
}

/** Prints a run report and returns the exit code the run earned. */
export function reportRun(options: GlobalOptions, report: RunReport): number {
  printResult(options, report, () => {
    const lines = formatTable(
      [
        { heading: 'source' },
        { heading: 'status' },
        ...['pages', 'listings', 'new', 'updated', 'withdrawn', 'rejected'].map((heading) => ({
          heading,
          align: 'right' as const,
        })),
      ],
      report.sources.map((s) => [
        s.source,
        s.status,
        ...[s.pages, s.listings, s.new, s.updated, s.withdrawn, s.rejected].map(String),
      ]),
    ).map((line) => `  ${line}`)
    const head =
      `Run ${report.runId} ${report.status} in ${(report.durationMs / 1000).toFixed(1)} s` +
      (report.generation ? `; published generation ${report.generation}` : '; nothing published')
    // The last line says which source went wrong and why: what a scheduler's mail or journal shows first.
    const left = report.leftOut.map((l) => `  ${leftOutLine(l)}`)
    const tail = report.exitCode === 0 ? [] : [summariseRun(report)]
    return [head, ...lines, ...left, ...tail].join('\n')
  })
  return report.exitCode
}

/** `propdata ingest`: one pipeline run, reported; its exit code is the one the run earned. */
export async function ingest(flags: IngestFlags): Promise<void> {
  // The sample fills its own database unless --db names one: never PROPDATA_DB or the live default.
  const config = flags.sample ? sampleConfigFrom(flags) : configFrom(flags)
  const output = createRunOutput(flags, config)
  // SIGINT/SIGTERM (Ctrl-C, systemctl stop) stop the run like the deadline does; a second signal kills it.
  const stop = new AbortController()
  const onSignal = (signal: NodeJS.Signals) => {
    output.logger.warn(`${signal}: stopping; publishing what finished (again to quit at once)`)
    stop.abort()
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    const report = await withStoreOrCreate(config, (store) =>
      ingestWith(config, store, flags, output.logger, { onEvent: output.onEvent, signal: stop.signal }),
    )
    // With --json, stdout is the report; the one-line verdict goes to the log (a JSON line off a terminal).
    if (flags.json && report.exitCode !== 0)
      output.logger[report.exitCode === 1 ? 'error' : 'warn'](summariseRun(report), {
        runId: report.runId,
      })
    output.close() // before the result: the bars must not redraw over it
    process.exitCode = reportRun(flags, report)
  } finally {
    output.close()
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}
