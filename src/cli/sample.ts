import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import type { Config } from '../config.js'
import type { CrawlScope } from '../kit/adapter.js'
import type { Logger } from '../pipeline/logger.js'
import type { Store } from '../store/database.js'
import { type DatabaseContent, readDatabaseContent } from '../store/runs.repository.js'
import { CliError, EXIT } from './exit-codes.js'

const manifestSchema = z.object({
  description: z.string(),
  recordedAt: z.string(),
  sources: z.array(z.string()).min(1),
  scope: z.object({ cities: z.array(z.string()).min(1), types: z.array(z.enum(['rent', 'buy'])).min(1) }),
  archive: z.string(),
  bag: z.string(),
  feed: z.string().optional(),
  energyLabels: z.string().optional(),
})

/** The bundled sample: what `ingest --sample` replays and which BAG extract covers it. */
export interface SampleManifest {
  readonly sources: readonly string[]
  readonly scope: CrawlScope
  readonly archive: string
  readonly bag: string
  readonly feed?: string
  readonly energyLabels?: string
}

/** Reads `data/sample/manifest.json`, resolving its paths against the sample folder. */
export function readSampleManifest(config: Config): SampleManifest {
  const file = join(config.sampleDir, 'manifest.json')
  if (!existsSync(file)) throw new Error(`The sample is missing (${file}); run: npm run build-sample`)
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
  const at = (p: string) => join(config.sampleDir, p)
  return {
    sources: manifest.sources,
    scope: manifest.scope,
    archive: at(manifest.archive),
    bag: at(manifest.bag),
    feed: manifest.feed ? at(manifest.feed) : undefined,
    energyLabels: manifest.energyLabels ? at(manifest.energyLabels) : undefined,
  }
}

/**
 * Keeps the sample and live data apart: the sample never goes into a database of live data (its generated BAG
 * extract and WOZ values would mix with the real ones). A live run into the sample's database is allowed and said
 * to be one, for its listings resolve against the sample's BAG (the "Add a source" practice does this on purpose);
 * that database still holds the sample, and takes it again.
 */
export function keepSampleApart(
  store: Store,
  run: { readonly sample: boolean },
  config: Pick<Config, 'sampleDbPath'>,
  logger: Pick<Logger, 'warn'>,
): DatabaseContent {
  const content = readDatabaseContent(store)
  if (run.sample && content.live && !content.sample)
    throw new CliError(
      `${store.path} holds live data: the bundled sample goes into a database of its own (leave out --db for ${config.sampleDbPath})`,
      EXIT.USAGE,
    )
  if (!run.sample && content.sample)
    logger.warn(
      `${store.path} holds the bundled sample (a generated BAG extract and WOZ values): this run's listings resolve against them; keep live runs in a database without the sample (a new --db or PROPDATA_DB)`,
    )
  return content
}
