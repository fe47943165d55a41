import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'

/** What `npm run build` compiles into dist/: the code a production install runs. */
const COMPILED_ROOTS = ['src', 'sources']

const { dependencies = {} } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>
}

/** A bare specifier's package name: `yazl`, `@fastify/swagger`, `node:fs` for a builtin. */
const packageOf = (spec: string) =>
  spec.startsWith('@') ? spec.split('/', 2).join('/') : spec.split('/')[0]!

/** The module specifiers a file imports, exports from or loads with `import()`, as TypeScript reads them. */
const importsOf = (code: string) => ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName)

const compiledFiles = (): string[] =>
  COMPILED_ROOTS.flatMap((root) =>
    readdirSync(join(PROJECT_ROOT, root), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('_template'))
      .map((file) => join(PROJECT_ROOT, root, file)),
  )

describe('the compiled code', () => {
  it('imports only packages a production install has: test and tooling code lives in test/, testkit/ and tools/', () => {
    const offenders = compiledFiles().flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) => !spec.startsWith('.'))
        .map(packageOf)
        .filter(
          (name) => !name.startsWith('node:') && !builtinModules.includes(name) && !(name in dependencies),
        )
        .map((name) => `${relative(PROJECT_ROOT, file)} imports ${name}`),
    )
    expect(offenders).toEqual([])
  })

  it('imports nothing outside src/ and sources/: the test kit and the tools are not shipped', () => {
    const outside = compiledFiles().flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => relative(PROJECT_ROOT, join(file, '..', spec)))
        .filter((target) => !COMPILED_ROOTS.some((root) => target.startsWith(`${root}/`)))
        .map((target) => `${relative(PROJECT_ROOT, file)} imports ${target}`),
    )
    expect(outside).toEqual([])
  })
})

/** Every compiled file `entry` loads, itself included, following its relative imports. */
function reachedFrom(entries: readonly string[]): Set<string> {
  const reached = new Set<string>()
  const queue = [...entries]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (reached.has(file)) continue
    reached.add(file)
    for (const spec of importsOf(readFileSync(file, 'utf8')))
      if (spec.startsWith('.')) queue.push(join(file, '..', spec.replace(/\.js$/, '.ts')))
  }
  return reached
}

describe('the API', () => {
  it('values nothing and applies no rent rules: the read path reaches neither src/valuate nor src/wws', () => {
    const api = join(PROJECT_ROOT, 'src', 'api')
    const entries = readdirSync(api, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => join(api, file))
    const computing = [...reachedFrom(entries)]
      .map((file) => relative(PROJECT_ROOT, file))
      .filter((file) => /^src\/(valuate|wws)\//.test(file))
    expect(computing).toEqual([])
  })
})

describe('src/ and sources/', () => {
  it('import one way: sources/ uses src/ (the kit), and src/ finds the sources by folder, never by an import', () => {
    const src = join(PROJECT_ROOT, 'src')
    const sources = join(PROJECT_ROOT, 'sources')
    const upward = compiledFiles()
      .filter((file) => file.startsWith(`${src}/`))
      .flatMap((file) =>
        importsOf(readFileSync(file, 'utf8'))
          .filter((spec) => spec.startsWith('.') && join(file, '..', spec).startsWith(`${sources}/`))
          .map((spec) => `${relative(PROJECT_ROOT, file)} imports ${spec}`),
      )
    expect(upward).toEqual([])
  })
})
