import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { sourceOfSite } from '../../src/declarative/index.js'
import { type ListingSource, type Preset, siteFileSchema } from '../../src/kit/index.js'
import { SOURCES_DIR } from '../contract/source-fixtures.js'

/**
 * A declarative site (`sources/<id>/source.yml`) built on its preset as the site-file loader builds it, for the
 * preset's own tests. `change` replaces keys of the file (e.g. `options`) to try the preset on a variant of the site.
 */
export function siteOnPreset<Options>(
  preset: Preset<Options>,
  id: string,
  change: Readonly<Record<string, unknown>> = {},
): ListingSource {
  const file = parse(readFileSync(join(SOURCES_DIR, id, 'source.yml'), 'utf8')) as Record<string, unknown>
  const site = siteFileSchema.parse({ ...file, ...change })
  if (site.preset !== preset.id) throw new Error(`${id} runs on ${site.preset}, not ${preset.id}`)
  return sourceOfSite(site, preset, preset.options.parse(site.options))
}
