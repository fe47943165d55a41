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
  return siteIn(preset, join(SOURCES_DIR, id), change)
}

/**
 * The folder of a preset's example site: a site on a reserved domain (`.test`) whose pages exist only as fixtures,
 * kept to run the preset on pages in its platform's format. It is not a source: no run or catalogue has it.
 */
export const exampleFolder = (preset: Preset<unknown>): string =>
  join(SOURCES_DIR, '_presets', preset.id, 'example')

/** A preset's example site (see {@link exampleFolder}) built on it, as {@link siteOnPreset} builds a site. */
export function exampleOnPreset<Options>(
  preset: Preset<Options>,
  change: Readonly<Record<string, unknown>> = {},
): ListingSource {
  return siteIn(preset, exampleFolder(preset as Preset<unknown>), change)
}

function siteIn<Options>(
  preset: Preset<Options>,
  folder: string,
  change: Readonly<Record<string, unknown>>,
): ListingSource {
  const file = parse(readFileSync(join(folder, 'source.yml'), 'utf8')) as Record<string, unknown>
  const site = siteFileSchema.parse({ ...file, ...change })
  if (site.preset !== preset.id) throw new Error(`${folder} runs on ${site.preset}, not ${preset.id}`)
  return sourceOfSite(site, preset, preset.options.parse(site.options))
}
