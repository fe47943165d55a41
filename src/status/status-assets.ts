import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { PROJECT_ROOT } from '../config.js'

/** A file the status page loads: served from the project (no CDN), or written into a report. */
export interface StatusAsset {
  readonly name: string
  readonly type: string
  readonly text: string
}

/** The page's own script: a module, run once the library's scripts have run. */
export const PAGE_MODULE = 'status-page.js'

const require = createRequire(import.meta.url)
const JS = 'text/javascript; charset=utf-8'

/**
 * Where each asset is: the page's style sheet, its compiled script (`tools/build.mjs` writes it), and the charting
 * library's browser builds, Observable Plot and the d3 it runs on, from the installed packages.
 */
const FILES: Readonly<Record<string, { readonly path: () => string; readonly type: string }>> = {
  'status.css': {
    path: () => join(PROJECT_ROOT, 'src', 'status', 'page', 'status.css'),
    type: 'text/css; charset=utf-8',
  },
  'd3.min.js': { path: () => join(dirname(require.resolve('d3')), 'd3.min.js'), type: JS },
  'plot.umd.min.js': {
    path: () => join(dirname(require.resolve('@observablehq/plot')), '..', 'dist', 'plot.umd.min.js'),
    type: JS,
  },
  [PAGE_MODULE]: {
    path: () => join(PROJECT_ROOT, 'dist', 'src', 'status', 'page', 'status-page.js'),
    type: JS,
  },
}

/** The page's scripts in the order it runs them: the library's, then the page's own. */
export const PAGE_SCRIPTS = ['d3.min.js', 'plot.umd.min.js', PAGE_MODULE] as const

const loaded = new Map<string, StatusAsset>()

/** The asset of that name, read once; undefined for a name the page does not load. */
export function statusAsset(name: string): StatusAsset | undefined {
  const file = Object.hasOwn(FILES, name) ? FILES[name] : undefined
  if (!file) return undefined
  let asset = loaded.get(name)
  if (!asset) {
    asset = { name, type: file.type, text: readFileSync(file.path(), 'utf8') }
    loaded.set(name, asset)
  }
  return asset
}

/** A CSP hash source for an inline script or style: `'sha256-…'` of its exact text. */
export const cspHash = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
