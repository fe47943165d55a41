import type { ListingSource } from '../kit/adapter.js'
import type { Preset } from '../kit/preset.js'
import { findSiteFiles } from './find-site-files.js'
import { loadSiteFile } from './load-site-file.js'

export { findSiteFiles, SITE_FILE } from './find-site-files.js'
export { loadSiteFile, type SiteFileLocation, sourceOfSite } from './load-site-file.js'

/**
 * Every declarative source under `sourcesDir` (`<id>/source.yml`), sorted by id, each built on its preset. The first
 * broken file throws `SiteFileError` with its line, so a registry with a broken site file never loads at all.
 */
export function loadSiteFiles(sourcesDir: string, presets: readonly Preset<unknown>[]): ListingSource[] {
  return findSiteFiles(sourcesDir).map((location) => loadSiteFile(location, presets))
}
