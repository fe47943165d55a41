import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

/**
 * The shape of the code, for a redesign's before and after: files over 300 lines, functions over 200 lines, import
 * cycles between files and between folders, and what `src/store/` imports from outside itself.
 *
 *   node --import tsx bench/code-shape.ts [--json]
 *
 * Product code only: `src/` and `sources/` without their `*.test.ts` files. Imports are followed between every
 * `.ts` file of `src/`, `sources/` and the tools around them (`tools/`, `testkit/`, and `scripts/` where a checkout
 * still has it); a folder is `src/<name>` (a file directly in `src/` is `src`), `sources`, or `<tools folder>/<name>`. A cycle is a strongly connected group of two or more; type-only imports count,
 * since they tie the files' designs together as much as a call does, and the figure without them is given too.
 */

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..')
const FILE_LINES = 300
const FUNCTION_LINES = 200

function tsFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : tsFiles(path)
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : []
  })
}

const isTest = (path: string) => /\.test\.ts$/.test(path)

/** The name a function goes by: its own, or that of the variable, property or method it is assigned to. */
function functionName(node: ts.Node, source: ts.SourceFile): string {
  const own = (node as ts.FunctionLikeDeclaration).name
  if (own) return own.getText(source)
  const parent = node.parent
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
    return parent.name.getText(source)
  return '(anonymous)'
}

interface LongFunction {
  readonly file: string
  readonly name: string
  readonly lines: number
}

function longFunctions(file: string, source: ts.SourceFile): LongFunction[] {
  const found: LongFunction[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = end - start + 1
      if (lines > FUNCTION_LINES) found.push({ file, name: functionName(node, source), lines })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The relative imports of a file, resolved to files, each with whether it is type-only. */
function importsOf(file: string, source: ts.SourceFile): { to: string; typeOnly: boolean }[] {
  const out: { to: string; typeOnly: boolean }[] = []
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement)
    const isExport = ts.isExportDeclaration(statement)
    if (!isImport && !isExport) continue
    const specifier = statement.moduleSpecifier
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue
    const typeOnly = isImport
      ? (statement.importClause?.isTypeOnly ?? false) ||
        (statement.importClause?.namedBindings !== undefined &&
          ts.isNamedImports(statement.importClause.namedBindings) &&
          !statement.importClause.name &&
          statement.importClause.namedBindings.elements.length > 0 &&
          statement.importClause.namedBindings.elements.every((e) => e.isTypeOnly))
      : statement.isTypeOnly
    const base = resolve(dirname(file), specifier.text.replace(/\.(m?js)$/, ''))
    const to = [`${base}.ts`, join(base, 'index.ts')].find(existsSync)
    if (to) out.push({ to, typeOnly })
  }
  return out
}

/** Tarjan's strongly connected components of two or more nodes. */
function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let index = 0
  const indices = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const connect = (v: string) => {
    indices.set(v, index)
    low.set(v, index)
    index += 1
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        connect(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!))
    }
    if (low.get(v) === indices.get(v)) {
      const group: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        group.push(w)
      } while (w !== v)
      if (group.length > 1) groups.push(group.sort())
    }
  }
  for (const v of graph.keys()) if (!indices.has(v)) connect(v)
  return groups
}

function folderOf(file: string): string {
  const [top, second, third] = relative(ROOT, file).split('/')
  if (top === 'sources') return 'sources'
  return third === undefined ? top! : `${top}/${second}`
}

function shape() {
  const product = ['src', 'sources'].flatMap((d) => tsFiles(join(ROOT, d))).filter((f) => !isTest(f))
  const all = ['src', 'sources', 'tools', 'testkit', 'scripts'].flatMap((d) => tsFiles(join(ROOT, d)))
  const parsed = new Map(
    all.map((f) => [f, ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true)]),
  )
  const longFiles = product
    .map((f) => ({ file: relative(ROOT, f), lines: parsed.get(f)!.getLineStarts().length }))
    .filter((f) => f.lines > FILE_LINES)
    .sort((a, b) => b.lines - a.lines)
  const functions = product
    .flatMap((f) => longFunctions(relative(ROOT, f), parsed.get(f)!))
    .sort((a, b) => b.lines - a.lines)

  const graphs = { all: new Map<string, Set<string>>(), runtime: new Map<string, Set<string>>() }
  const folders = { all: new Map<string, Set<string>>(), runtime: new Map<string, Set<string>>() }
  const storeImports = new Set<string>()
  // Imports that cross between the product's two trees, either way: both ways make a cycle between src/ and sources/.
  const crossing = { srcToSources: new Set<string>(), sourcesToSrc: new Set<string>() }
  const add = (g: Map<string, Set<string>>, a: string, b: string) => {
    if (!g.has(a)) g.set(a, new Set())
    if (a !== b) g.get(a)!.add(b)
  }
  for (const file of all.filter((f) => !isTest(f))) {
    const from = relative(ROOT, file)
    for (const { to, typeOnly } of importsOf(file, parsed.get(file)!)) {
      if (isTest(to)) continue
      const target = relative(ROOT, to)
      for (const kind of typeOnly ? (['all'] as const) : (['all', 'runtime'] as const)) {
        add(graphs[kind], from, target)
        add(folders[kind], folderOf(file), folderOf(to))
      }
      const [fromTree, toTree] = [from.split('/')[0], target.split('/')[0]]
      if (fromTree === 'src' && toTree === 'sources') crossing.srcToSources.add(from)
      if (fromTree === 'sources' && toTree === 'src') crossing.sourcesToSrc.add(from)
      if (folderOf(file) === 'src/store' && folderOf(to) !== 'src/store')
        storeImports.add(`${from} → ${target}${typeOnly ? ' (type)' : ''}`)
    }
  }
  const fileCycles = { all: cycles(graphs.all), runtime: cycles(graphs.runtime) }
  const folderCycles = { all: cycles(folders.all), runtime: cycles(folders.runtime) }
  return {
    longFiles,
    functions,
    fileCycles,
    folderCycles,
    storeImports: [...storeImports].sort(),
    srcToSources: [...crossing.srcToSources].sort(),
    sourcesToSrcFiles: crossing.sourcesToSrc.size,
  }
}

const result = shape()
if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2))
else {
  const { longFiles, functions, fileCycles, folderCycles, storeImports, srcToSources, sourcesToSrcFiles } =
    result
  console.log(`Files over ${FILE_LINES} lines in src/ and sources/ (tests aside): ${longFiles.length}`)
  for (const f of longFiles) console.log(`  ${String(f.lines).padStart(5)}  ${f.file}`)
  console.log(`\nFunctions over ${FUNCTION_LINES} lines: ${functions.length}`)
  for (const f of functions) console.log(`  ${String(f.lines).padStart(5)}  ${f.name} (${f.file})`)
  for (const kind of ['all', 'runtime'] as const) {
    const label = kind === 'all' ? 'every import' : 'runtime imports only'
    console.log(`\nFile import cycles (${label}): ${fileCycles[kind].length}`)
    for (const c of fileCycles[kind])
      console.log(`  ${c.length} files: ${c.slice(0, 6).join(', ')}${c.length > 6 ? ', …' : ''}`)
    console.log(`Folder import cycles (${label}): ${folderCycles[kind].length}`)
    for (const c of folderCycles[kind]) console.log(`  ${c.join(', ')}`)
  }
  console.log(
    `\nsrc/ ↔ sources/: ${sourcesToSrcFiles} files of sources/ import src/; ${srcToSources.length} of src/ import sources/`,
  )
  for (const f of srcToSources) console.log(`  ${f}`)
  console.log(`\nImports from src/store/ to outside it: ${storeImports.length}`)
  for (const i of storeImports) console.log(`  ${i}`)
}
