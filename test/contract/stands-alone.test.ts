import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'

/**
 * Documents of the place this project was written in, which a clone does not have: the repository must say what a
 * reader needs in its own words instead of citing them.
 */
const OUTSIDE_DOCUMENTS = /\b(?:STYLE|DESIGN)\.md\b|\.\.\/shared\/|\bresearch\/sources\.md\b/

/** Where text a person reads lives. */
const ROOTS = [
  'README.md',
  'docs',
  'src',
  'test',
  'tools',
  'testkit',
  'sources',
  'bench',
  'deploy',
  'data',
  '.ci',
  'package.json',
]
const SKIPPED = new Set(['node_modules', '.git'])
/** Page and data formats hold what sites and datasets wrote, not what we wrote. */
const TEXT = /\.(?:ts|mjs|js|md|json|txt|service|timer|cron|example|yml|yaml|sh)$|^[^.]+$/

function textFiles(path: string): string[] {
  const name = path.split('/').at(-1) ?? ''
  if (SKIPPED.has(name)) return []
  if (statSync(path).isDirectory()) return readdirSync(path).flatMap((child) => textFiles(join(path, child)))
  return TEXT.test(name) ? [path] : []
}

describe('the repository stands alone', () => {
  it('cites no document outside it', () => {
    const self = join(PROJECT_ROOT, 'test', 'contract', 'stands-alone.test.ts')
    const citations = ROOTS.flatMap((root) => textFiles(join(PROJECT_ROOT, root)))
      .filter((file) => file !== self)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            OUTSIDE_DOCUMENTS.test(line) ? [`${relative(PROJECT_ROOT, file)}:${i + 1}`] : [],
          ),
      )
    expect(citations).toEqual([])
  })
})
