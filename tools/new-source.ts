/**
 * `npm run new-source -- NAME`: copies `sources/_template/` to `sources/NAME/`, sets the id and name, adds the
 * registry line to `sources/index.ts` and prints the next steps (docs/adding-a-source.md). With `--preset PRESET`
 * it writes a declarative source instead: `sources/NAME/source.yml` on that preset and a fixtures folder (see
 * site-file-scaffold.ts). `--root DIR` works on another copy of the repository (the tests use it).
 */
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { cliCommand } from '../src/cli/command-hint.js'
import { PROJECT_ROOT } from '../src/config.js'
import { presetIds, siteFileNextSteps, writeSiteFileScaffold } from './site-file-scaffold.js'

const TEMPLATE_ID = 'template-source'
const TEMPLATE_NAME = 'Template Source'
const RESERVED = new Set(['_template', '_shared', '_presets', 'index', 'bag'])

/** "acme-homes" → "acmeHomes", the name of its import in the registry. */
export const camelCase = (id: string) => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/** "acme-homes" → "Acme Homes", a first guess at the site's name. */
const titleCase = (id: string) =>
  id
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/** Adds `import x from './id/adapter.js'` and `x` to `ALL_SOURCES`; returns the new registry text. */
export function addToRegistry(registry: string, id: string): string {
  const name = camelCase(id)
  const imports = [...registry.matchAll(/^import \w+ from '\.\/[\w-]+\/adapter\.js'\n/gm)]
  const last = imports.at(-1)
  if (!last || last.index === undefined) throw new Error('sources/index.ts has no adapter imports to add to')
  const at = last.index + last[0].length
  let text = `${registry.slice(0, at)}import ${name} from './${id}/adapter.js'\n${registry.slice(at)}`
  const array = /(export const ALL_SOURCES: readonly Source\[\] = \[)([^\]]*)(\])/.exec(text)
  if (!array) throw new Error('sources/index.ts has no `export const ALL_SOURCES: readonly Source[] = [...]`')
  // A code adapter goes before the spread site files: they come after every code adapter in the trust order.
  const entries = array[2]!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const spread = entries.findIndex((e) => e.startsWith('...'))
  entries.splice(spread === -1 ? entries.length : spread, 0, name)
  const oneLine = `${array[1]}${entries.join(', ')}${array[3]}`
  const list =
    oneLine.length <= 110 ? oneLine : `${array[1]}\n${entries.map((e) => `  ${e},\n`).join('')}${array[3]}`
  text = text.slice(0, array.index) + list + text.slice(array.index + array[0].length)
  return text
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      root: { type: 'string' },
      preset: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const id = positionals[0]
  if (values.help || !id) {
    process.stdout.write(
      'Usage: npm run new-source -- NAME [--preset PRESET]   (kebab-case, e.g. acme-homes; a preset for a site file)\n',
    )
    process.exitCode = id || values.help ? 0 : 2
    return
  }
  const root = values.root ?? PROJECT_ROOT
  const sources = join(root, 'sources')
  if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(id) || RESERVED.has(id)) {
    throw new UsageError(
      `The name must be kebab-case (acme-homes) and not one of ${[...RESERVED].join(', ')}: ${id}`,
    )
  }
  const target = join(sources, id)
  if (existsSync(target)) throw new UsageError(`sources/${id}/ exists already`)
  const rel = (p: string) => relative(root, p)
  if (values.preset !== undefined) {
    const known = presetIds(sources)
    if (!known.includes(values.preset))
      throw new UsageError(`No preset ${values.preset}; known: ${known.join(', ')}`)
    writeSiteFileScaffold(sources, id, titleCase(id), values.preset)
    process.stdout.write(siteFileNextSteps(id, rel(target), values.preset))
    return
  }
  const registryPath = join(sources, 'index.ts')
  const registry = addToRegistry(readFileSync(registryPath, 'utf8'), id)

  cpSync(join(sources, '_template'), target, { recursive: true })
  for (const file of filesUnder(target)) {
    const text = readFileSync(file, 'utf8')
    writeFileSync(file, text.replaceAll(TEMPLATE_ID, id).replaceAll(TEMPLATE_NAME, titleCase(id)))
  }
  writeFileSync(registryPath, registry)
  process.stdout.write(nextSteps(id, rel(target), rel(registryPath)))
}

/**
 * What to do next, in the order of the walkthrough in docs/adding-a-source.md (which practises them on
 * `npm run demo-site`); a test holds the two to the same steps.
 */
export function nextSteps(id: string, folder: string, registry: string): string {
  return [
    `Created ${folder}/ from sources/_template/ and registered it in ${registry} (last in the trust order).`,
    '',
    'Next (docs/adding-a-source.md walks through these on a practice site: npm run demo-site):',
    `  1. In ${folder}/adapter.ts: set ORIGIN and LISTS to the site, then politeness and render.`,
    `  2. npm run save-fixture -- ${id} <search-page-url>    saved as list-….html (add --as list while the parser cannot read it)`,
    `     npm run save-fixture -- ${id} <detail-page-url>    saved as detail-….html (or --as detail); strip personal data`,
    `     the first list page saved is written into ${folder}/adapter.ts as its evidence`,
    `  3. Write the selectors in ${folder}/adapter.ts (the kit has parsePrice, parseArea, parseRooms, parseEnergyLabel,`,
    '     parseYearBuilt).',
    `  4. npx vitest run test/contract -t ${id} -u    writes fixtures/*.expected.json: read them, they are the spec`,
    `  5. npx vitest run test/contract -t ${id}       the contract: the adapter against its fixtures`,
    `  6. npm run ingest -- --sources ${id} --cities <city> --types rent    (or buy); then check its rejects in`,
    `     \`${cliCommand('runs show ID')}\` and the pages in data/failed/${id}/`,
    `  7. Fill in ${folder}/README.md (terms, politeness, quirks) and ${folder}/fixtures/PROVENANCE.md.`,
    '',
  ].join('\n')
}

/** Bad usage: printed without a stack trace, exit code 2. */
class UsageError extends Error {}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main()
  } catch (error) {
    process.stderr.write(`new-source: ${(error as Error).message}\n`)
    process.exitCode = error instanceof UsageError ? 2 : 1
  }
}
