/**
 * The declarative path of `npm run new-source -- NAME --preset PRESET`: a `source.yml` with every key, the preset's
 * example options under `options`, and a fixtures folder; site files need no registry line.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The presets a site file can name: the folders under `sources/_presets/`. */
export function presetIds(sources: string): string[] {
  const dir = join(sources, '_presets')
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
}

/** The preset's `options.example.yml`, indented under `options:`; an empty map with a pointer when it has none. */
function optionsBlock(sources: string, preset: string): string {
  const example = join(sources, '_presets', preset, 'options.example.yml')
  if (!existsSync(example)) return `options: {} # every key is in sources/_presets/${preset}/README.md\n`
  const lines = readFileSync(example, 'utf8').trimEnd().split('\n')
  return `options: # every key is in sources/_presets/${preset}/README.md\n${lines.map((l) => (l ? `  ${l}` : l)).join('\n')}\n`
}

/** A site file with every key, to be filled in: each TODO is a value only a person who read the site can give. */
export function siteFileText(id: string, name: string, preset: string, options: string): string {
  return `# ${id}: a declarative source on the ${preset} preset. The registry checks every key when it loads; a mistake
# names this file, its line and the key.
id: ${id}
name: ${name}
homepage: https://www.example.com/
hosts: [] # further hosts serving the same listings
description: >-
  TODO what the site is, who runs it, what it lists and which of its pages the preset reads.
preset: ${preset}
offers: [rent] # rent, buy or both
# regions: [Delft] # the cities it lists homes in; leave out when it covers the whole country
# render: browser # only for JavaScript-rendered or bot-walled pages; the preset's own mode otherwise
politeness: # at most 4 at once and at least 500 ms per request
  concurrency: 1
  intervalCap: 1
  interval: 2000
terms: unknown # allows, forbids or unknown
termsNote: >-
  TODO what the site's terms say about automated collection, and where they are.
# What the preset was checked against (docs/evidence.md): the first list page npm run save-fixture saves is written
# here. A page copied from elsewhere names repository, path and commit instead of url; a synthetic page in the format
# of another site's recording on the same platform is kind platform-format, with fixture and follows (that site's id).
evidence:
  kind: recorded
  fixture: list-TODO.html
  url: https://www.example.com/
  recorded: ${new Date().toISOString().slice(0, 10)}
  licence: the site's content
${options}`
}

const PROVENANCE = (id: string) => `# Fixtures: where they come from

| file | recorded from (URL) | when | by | changes | licence |
|---|---|---|---|---|---|
| TODO \`list-….html\` | \`npm run save-fixture -- ${id} URL\` writes it and its URL in \`fixtures.json\` | YYYY-MM-DD | | personal data removed? | the site's content |

\`*.expected.json\` are the preset's output for each fixture, written by \`npx vitest run test/contract -t ${id} -u\`
and read by a person before they were committed: they are the spec.
`

/** Writes `sources/<id>/source.yml` and its fixtures folder. */
export function writeSiteFileScaffold(sources: string, id: string, name: string, preset: string): void {
  const folder = join(sources, id)
  mkdirSync(join(folder, 'fixtures'), { recursive: true })
  writeFileSync(join(folder, 'source.yml'), siteFileText(id, name, preset, optionsBlock(sources, preset)))
  writeFileSync(join(folder, 'fixtures', 'PROVENANCE.md'), PROVENANCE(id))
  writeFileSync(join(folder, 'fixtures', 'fixtures.json'), '{}\n')
}

/** What to do next, in the order of the preset walkthrough in docs/adding-a-source.md; a test holds the two to the same steps. */
export function siteFileNextSteps(id: string, folder: string, preset: string): string {
  return [
    `Created ${folder}/source.yml on the ${preset} preset, and ${folder}/fixtures/. Site files register themselves.`,
    '',
    'Next (docs/adding-a-source.md walks through these on a practice site: npm run demo-site):',
    `  1. In ${folder}/source.yml: set homepage and options.lists to the site, then the options`,
    `     (sources/_presets/${preset}/README.md), politeness, terms, termsNote and description.`,
    `  2. npm run save-fixture -- ${id} <search-page-url>    saved as list-….html (add --as list while the preset cannot read it)`,
    `     the first list page saved is written into ${folder}/source.yml as its evidence`,
    `  3. npx vitest run test/contract -t ${id} -u    writes fixtures/*.expected.json: read them, they are the spec`,
    `  4. npx vitest run test/contract -t ${id}       the contract: the site file against its fixtures`,
    `  5. npm run ingest -- --sources ${id} --cities <city> --types rent    (or buy)`,
    `  6. Fill in ${folder}/fixtures/PROVENANCE.md.`,
    '',
  ].join('\n')
}
