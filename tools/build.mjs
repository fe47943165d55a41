// Compiles src/ and sources/ into dist/, which `bin/propdata.js` runs (`npm install` runs this through `prepare`).
// The compile is incremental; a source file that was removed or renamed leaves its old output behind, and that is
// deleted here, so dist/ holds exactly what the sources compile to.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
const DIST = join(ROOT, 'dist')
/** The status page's browser code: typed against the DOM in a program of its own (`npm run typecheck`). */
const PAGE = join('src', 'status', 'page')

/** Compiles the sources and prunes what no source compiles to any more. */
export function build() {
  const require = createRequire(import.meta.url)
  const tsc = require.resolve('typescript/bin/tsc')
  execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' })
  buildPage(require)
  for (const file of readdirSync(DIST, { recursive: true, withFileTypes: true })) {
    if (!file.isFile() || !file.name.endsWith('.js')) continue
    const output = join(file.parentPath, file.name)
    const source = join(ROOT, relative(DIST, output)).replace(/\.js$/, '.ts')
    if (!existsSync(source)) rmSync(output)
  }
}

/**
 * Bundles the status page's modules into the one browser module the page loads (and a written report inlines), from
 * its entry, `status-page.ts`. Their types are checked by `tsc -p src/status/page`.
 */
function buildPage(require) {
  require('esbuild').buildSync({
    entryPoints: [join(ROOT, PAGE, 'status-page.ts')],
    outfile: join(DIST, PAGE, 'status-page.js'),
    bundle: true,
    format: 'esm',
    target: 'es2022',
    logLevel: 'warning',
  })
}

if (process.argv[1] === import.meta.filename) build()
