import { existsSync, readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { SiteFileLocation } from './load-site-file.js'

/** The name of a declarative source's one file in its folder. */
export const SITE_FILE = 'source.yml'

/**
 * Every `<id>/source.yml` under the sources folder, sorted by id. Folders starting with `_` hold presets, shared code
 * and the template, never a source.
 */
export function findSiteFiles(sourcesDir: string): SiteFileLocation[] {
  if (!existsSync(sourcesDir)) return []
  return readdirSync(sourcesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .filter((folder) => existsSync(join(sourcesDir, folder, SITE_FILE)))
    .sort()
    .map((folder) => ({
      path: join(sourcesDir, folder, SITE_FILE),
      shown: `${basename(sourcesDir)}/${folder}/${SITE_FILE}`,
      folder,
    }))
}
