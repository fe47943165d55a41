import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { PROJECT_ROOT } from '../config.js'
import { loadSiteFiles, SITE_FILE } from '../declarative/index.js'
import type { FileSource, Source } from '../kit/adapter.js'
import type { Preset } from '../kit/preset.js'
import { inTrustOrder, readTrustOrder } from './trust-order.js'

/** The sources folder of the code that runs: `sources/` under tsx and vitest, `dist/sources/` once built. */
const CODE_DIR = fileURLToPath(new URL('../../sources/', import.meta.url))
/** Modules end in `.ts` where this file does (tsx, vitest) and in `.js` where it was compiled. */
const MODULE_EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
/** A code adapter's module in its folder: `sources/<id>/adapter.ts`. */
export const ADAPTER_FILE = `adapter${MODULE_EXT}`

/** Every source the code at hand can run, found by folder, and the presets site files are built on. */
export interface Registry {
  /** The code adapters and the site files, in trust order (see `inTrustOrder`). */
  readonly sources: readonly Source[]
  readonly presets: readonly Preset<unknown>[]
  /** A source by id, or undefined. */
  find(id: string): Source | undefined
  /**
   * A partner feed under a name of its own (`--feed NAME=PATH`): the `feed` adapter as the source NAME, so that its
   * listings, runs, health and withdrawals are its own and another partner's file never withdraws them. NAME `feed`
   * is the feed adapter itself, the source of a bare `--feed PATH`.
   */
  namedFeed(name: string): FileSource
}

/** The folders of `dir` holding `file`, sorted; folders starting with `_` hold presets, shared code, the template. */
function foldersWith(dir: string, file: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .filter((folder) => existsSync(join(dir, folder, file)))
    .sort()
}

/** The default export of each `<dir>/<folder>/<file>`, with its folder. */
async function importEach<T>(dir: string, file: string): Promise<{ folder: string; value: T }[]> {
  return Promise.all(
    foldersWith(dir, file).map(async (folder) => ({
      folder,
      value: ((await import(pathToFileURL(join(dir, folder, file)).href)) as { default: T }).default,
    })),
  )
}

/** Every code adapter: the default export of `sources/<id>/adapter.ts`, whose id must be its folder's name. */
async function findCodeAdapters(codeDir: string): Promise<Source[]> {
  const adapters = await importEach<Source>(codeDir, ADAPTER_FILE)
  for (const { folder, value } of adapters)
    if (value?.id !== folder)
      throw new Error(`sources/${folder}/adapter: its default export's id must be "${folder}"`)
  return adapters.map((a) => a.value)
}

/** Every preset: the default export of `sources/_presets/<id>/index.ts`. */
async function findPresets(codeDir: string): Promise<Preset<unknown>[]> {
  const presets = await importEach<Preset<unknown>>(join(codeDir, '_presets'), `index${MODULE_EXT}`)
  return presets.map((p) => p.value)
}

/** Where the registry is read from. */
export interface RegistryFolders {
  /** The site files and the trust order. @default the checkout's `sources/` */
  readonly sourcesDir?: string
  /** The code adapters and presets, as the running code has them. @default `sources/` or `dist/sources/` */
  readonly codeDir?: string
}

/**
 * Reads the registry: the code adapters and presets where the running code is, the site files and the trust order
 * in the sources folder. A broken site file or trust order throws with its file, so that no run starts on a
 * registry that is partly read.
 */
export async function readRegistry({
  sourcesDir = join(PROJECT_ROOT, 'sources'),
  codeDir = CODE_DIR,
}: RegistryFolders = {}): Promise<Registry> {
  const [code, presets] = await Promise.all([findCodeAdapters(codeDir), findPresets(codeDir)])
  const sites = loadSiteFiles(sourcesDir, presets)
  const both = code.filter((c) => sites.some((s) => s.id === c.id))
  if (both.length > 0)
    throw new Error(`sources/${both[0]!.id} has both ${ADAPTER_FILE} and ${SITE_FILE}: keep one`)
  const sources = inTrustOrder([...code, ...sites], readTrustOrder(sourcesDir))
  const find = (id: string) => sources.find((s) => s.id === id)
  return {
    sources,
    presets,
    find,
    namedFeed(name) {
      const feed = find('feed')
      if (feed?.kind !== 'file') throw new Error('No feed adapter registered (sources/feed/)')
      return name === feed.id ? feed : { ...feed, id: name, name: `Partner feed ${name}`, adapter: feed.id }
    },
  }
}

let registry: Promise<Registry> | undefined

/** The registry of this checkout, read once per process (see {@link readRegistry}). */
export function loadRegistry(): Promise<Registry> {
  registry ??= readRegistry()
  return registry
}
