import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import type { Config } from '../config.js'
import type { CrawlScope } from '../kit/adapter.js'

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
