import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { evidenceProblems } from '../../src/check/evidence-problems.js'
import { PROJECT_ROOT } from '../../src/config.js'
import { loadSiteFiles } from '../../src/declarative/index.js'
import { readRegistry } from '../../src/registry/registry.js'
import { nextSteps } from '../../tools/new-source.js'
import { siteFileNextSteps } from '../../tools/site-file-scaffold.js'
import { ALL_PRESETS } from '../helpers/registry.js'
import { useTempDir } from '../helpers/temp-dir.js'

// A copy of the parts of the repository the script touches; src/ and node_modules/ are linked, not copied.
const root = useTempDir('propdata-new-source-')
mkdirSync(join(root, 'sources'))
cpSync(join(PROJECT_ROOT, 'sources', '_template'), join(root, 'sources', '_template'), { recursive: true })
cpSync(join(PROJECT_ROOT, 'sources', '_presets'), join(root, 'sources', '_presets'), { recursive: true })
symlinkSync(join(PROJECT_ROOT, 'src'), join(root, 'src'))
symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'))

const run = (...args: string[]) =>
  spawnSync(
    process.execPath,
    ['--import', 'tsx', join(PROJECT_ROOT, 'tools', 'new-source.ts'), ...args, '--root', root],
    {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    },
  )

describe('npm run new-source -- NAME', () => {
  it('copies the template and sets the id, so that the registry finds it by its folder', async () => {
    const result = run('acme-homes')
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/npm run save-fixture -- acme-homes <search-page-url> /)
    expect(result.stdout).toMatch(/npx vitest run test\/contract -t acme-homes/)
    const folder = join(root, 'sources', 'acme-homes')
    for (const file of [
      'adapter.ts',
      'adapter.test.ts',
      'README.md',
      'fixtures/PROVENANCE.md',
      'fixtures/fixtures.json',
    ]) {
      expect(existsSync(join(folder, file)), file).toBe(true)
    }
    expect(readFileSync(join(folder, 'README.md'), 'utf8')).toMatch(/^# acme-homes/)
    const sources = join(root, 'sources')
    const registry = await readRegistry({ sourcesDir: sources, codeDir: sources })
    expect(registry.sources.map((s) => s.id)).toEqual(['acme-homes'])
    const adapter = registry.find('acme-homes')!
    expect(adapter).toMatchObject({ kind: 'crawl', id: 'acme-homes', name: 'Acme Homes' })
    // Its evidence is to be declared: the contract fails until it names a real recording.
    expect(evidenceProblems(adapter, [adapter], join(root, 'sources'))).toEqual([
      'evidence.recorded: must be a past date as yyyy-mm-dd, or yyyy-mm or yyyy when no more is known',
    ])
  })
  it('refuses a name that exists, is reserved or is not kebab-case, and changes nothing', () => {
    const before = readdirSync(join(root, 'sources')).sort()
    for (const name of ['acme-homes', '_template', 'Acme_Homes', 'bag', 'woz']) {
      const result = run(name)
      expect(result.status, name).toBe(2)
      expect(result.stderr).toMatch(/^new-source: /)
    }
    expect(readdirSync(join(root, 'sources')).sort()).toEqual(before)
  })

  it('prints the steps of the adapter walkthrough in docs/adding-a-source.md, in its order', () => {
    expectInOrder(
      nextSteps('acme-homes', 'sources/acme-homes'),
      walkthroughSteps('## A source with its own adapter', 'acme-homes'),
    )
  })
})

describe('npm run new-source -- NAME --preset PRESET', () => {
  it('writes a site file with every key that loads as it is, and a fixtures folder', () => {
    const result = run('acme-flats', '--preset', 'html-cards')
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/npm run save-fixture -- acme-flats <search-page-url> /)
    const folder = join(root, 'sources', 'acme-flats')
    for (const file of ['source.yml', 'fixtures/PROVENANCE.md', 'fixtures/fixtures.json'])
      expect(existsSync(join(folder, file)), file).toBe(true)
    const text = readFileSync(join(folder, 'source.yml'), 'utf8')
    for (const key of [
      'id',
      'name',
      'homepage',
      'hosts',
      'description',
      'preset',
      'offers',
      'regions',
      'render',
    ])
      expect(text, key).toMatch(new RegExp(`^(# )?${key}:`, 'm'))
    for (const key of ['politeness', 'terms', 'termsNote', 'evidence', 'options'])
      expect(text, key).toMatch(new RegExp(`^${key}:`, 'm'))
    const [source] = loadSiteFiles(join(root, 'sources'), ALL_PRESETS)
    expect(source).toMatchObject({ id: 'acme-flats', name: 'Acme Flats', preset: 'html-cards' })
    expect(evidenceProblems(source!, [source!], join(root, 'sources'))).toEqual([
      'evidence: fixture list-TODO.html is not in sources/acme-flats/fixtures/',
    ])
  })

  it('refuses a preset that does not exist, naming the known ones', () => {
    const result = run('acme-lofts', '--preset', 'htm-cards')
    expect(result.status).toBe(2)
    expect(result.stderr).toBe(
      'new-source: No preset htm-cards; known: html-cards, json-cards, ogonline, realworks, woningnet-dak, wordpress, zig\n',
    )
    expect(existsSync(join(root, 'sources', 'acme-lofts'))).toBe(false)
  })

  it('prints the steps of the preset walkthrough in docs/adding-a-source.md, in its order', () => {
    expectInOrder(
      siteFileNextSteps('acme-flats', 'sources/acme-flats', 'html-cards'),
      walkthroughSteps('## A site on a preset', 'acme-flats'),
    )
  })
})

/** Every step appears in `printed`, each after the one before. */
function expectInOrder(printed: string, steps: readonly string[]): void {
  let from = 0
  for (const step of steps) {
    const i = printed.indexOf(step, from)
    expect(i, `"${step}" after position ${from} in:\n${printed}`).toBeGreaterThanOrEqual(from)
    from = i + step.length
  }
}

/**
 * The steps of a walkthrough in docs/adding-a-source.md (the first sh block after `heading`) after `new-source`:
 * where ORIGIN or the homepage is set, then each command up to the source's id `id` (and a lone `-u`), in order;
 * the practice site's URLs and cities are the walkthrough's own.
 */
function walkthroughSteps(heading: string, id: string): string[] {
  const readme = readFileSync(join(PROJECT_ROOT, 'docs', 'adding-a-source.md'), 'utf8')
  const section = readme.slice(readme.indexOf(heading))
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1]
  expect(block, `docs/adding-a-source.md's "${heading}" has a sh block`).toBeDefined()
  const lines = block!.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim())
  const steps: string[] = []
  for (const line of lines.slice(lines.findIndex((l) => l.includes('new-source')) + 1)) {
    if (/^#.*\bORIGIN\b/.test(line)) steps.push(`${id}/adapter.ts: set ORIGIN`)
    if (/^#.*\bhomepage\b/.test(line)) steps.push(`${id}/source.yml: set homepage`)
    const words = line.split(/\s+/)
    const at = words.indexOf(id)
    if (!/^(npm|npx) /.test(line) || at < 0) continue
    steps.push(words.slice(0, at + 1 + (words[at + 1] === '-u' ? 1 : 0)).join(' '))
  }
  expect(steps.length).toBeGreaterThan(4)
  return steps
}
