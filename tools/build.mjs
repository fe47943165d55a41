// Compiles src/ and sources/ into dist/, which `bin/propdata.js` runs (`npm install` runs this through `prepare`).
// The compile is incremental; a source file that was removed or renamed leaves its old output behind, and that is
// deleted here, so dist/ holds exactly what the sources compile to.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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
  buildPage(require('typescript'))
  for (const file of readdirSync(DIST, { recursive: true, withFileTypes: true })) {
    if (!file.isFile() || !file.name.endsWith('.js')) continue
    const output = join(file.parentPath, file.name)
    const source = join(ROOT, relative(DIST, output)).replace(/\.js$/, '.ts')
    if (!existsSync(source)) rmSync(output)
  }
}

/**
 * Compiles the status page's modules one by one into plain browser modules: their imports are types only, so each
 * compiles alone, and the browser loads each as it is. Their types are checked by `tsc -p src/status/page`.
 */
function buildPage(ts) {
  mkdirSync(join(DIST, PAGE), { recursive: true })
  for (const name of readdirSync(join(ROOT, PAGE))) {
    if (!name.endsWith('.ts')) continue
    const { outputText } = ts.transpileModule(readFileSync(join(ROOT, PAGE, name), 'utf8'), {
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ES2022,
        verbatimModuleSyntax: true,
      },
      fileName: name,
    })
    writeFileSync(join(DIST, PAGE, name.replace(/\.ts$/, '.js')), outputText)
  }
}

if (process.argv[1] === import.meta.filename) build()
