import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { expect, it } from 'vitest'

/** The packages a migration may use: the query builder, and nothing that changes with the pipeline. */
const ALLOWED_PACKAGES = new Set(['kysely'])
const MIGRATIONS = import.meta.dirname

/** What a migration file imports that is neither an allowed package nor another file of this folder. */
function liveImports(file: string): string[] {
  const code = readFileSync(join(MIGRATIONS, file), 'utf8')
  return ts
    .preProcessFile(code, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((spec) => (spec.startsWith('.') ? !/^\.\/[^/]+$/.test(spec) : !ALLOWED_PACKAGES.has(spec)))
    .map((spec) => `${file} imports ${spec}`)
}

it('freezes every migration: none imports code from outside src/store/migrations, so its effect never changes', () => {
  const migrations = readdirSync(MIGRATIONS).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  )
  expect(migrations).toContain('001-initial.ts')
  expect(migrations.flatMap(liveImports)).toEqual([])
})
