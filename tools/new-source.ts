/**
 * `npm run new-source -- NAME`: copies `sources/_template/` to `sources/NAME/` and sets the id and name (the registry
 * finds a source by its folder) and prints the next steps (docs/adding-a-source.md). With `--preset PRESET`
 * it writes a declarative source instead: `sources/NAME/source.yml` on that preset and a fixtures folder (see
 * site-file-scaffold.ts). `--root DIR` works on another copy of the repository (the tests use it).
 */
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { cliCommand } from '../src/cli/command-hint.js'
import { PROJECT_ROOT } from '../src/config.js'
import { REGISTER_SOURCES } from '../src/merge/source-priority.js'
import { TRUST_ORDER_FILE } from '../src/registry/trust-order.js'
import { presetIds, siteFileNextSteps, writeSiteFileScaffold } from './site-file-scaffold.js'

const TEMPLATE_ID = 'template-source'
const TEMPLATE_NAME = 'Template Source'
/** Folders that hold no source, and the registers' ids, which no listing source may take. */
const RESERVED = new Set(['_template', '_shared', '_presets', ...REGISTER_SOURCES])

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
  cpSync(join(sources, '_template'), target, { recursive: true })
  for (const file of filesUnder(target)) {
    const text = readFileSync(file, 'utf8')
    writeFileSync(file, text.replaceAll(TEMPLATE_ID, id).replaceAll(TEMPLATE_NAME, titleCase(id)))
  }
  process.stdout.write(nextSteps(id, rel(target)))
}

/**
 * What to do next, in the order of the walkthrough in docs/adding-a-source.md (which practises them on
 * `npm run demo-site`); a test holds the two to the same steps.
 */
export function nextSteps(id: string, folder: string): string {
  return [
    `Created ${folder}/ from sources/_template/: the registry finds it by its folder. It ranks below the sources`,
    `sources/${TRUST_ORDER_FILE} names until you name it there.`,
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
