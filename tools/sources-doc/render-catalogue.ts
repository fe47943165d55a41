import { type ListingSource, type Source, TERMS } from '../../src/kit/adapter.js'
import { countEvidence, EVIDENCE_KINDS } from '../../src/kit/evidence.js'
import { isExampleSite } from '../../src/kit/example-site.js'
import type { Preset } from '../../src/kit/preset.js'
import { count } from '../../src/plural.js'
import { CATALOGUE_HEADINGS, catalogueRow } from './catalogue-row.js'
import { evidenceSection, evidenceSummary } from './evidence-section.js'
import { markdownTable } from './markdown-table.js'

/** What the catalogue says under its table: what each column means and how a source's terms are kept. */
const COLUMNS_EXPLAINED = [
  '## The columns',
  '',
  '- **kind**: `crawl`, a website the pipeline fetches; `file`, a file a partner delivers (`ingest --feed FILE`).',
  '- **preset**: the platform preset a one-file source (`sources/<id>/source.yml`) is built on; `code` for a source',
  '  with its own adapter (`sources/<id>/adapter.ts`).',
  "- **transport**: how its listings arrive. `browser`: pages rendered in Chromium; `json`: the site's JSON API over",
  '  HTTP (every recorded list page, `fixtures/list-*`, is JSON); `http`: HTML pages over HTTP; `file`: a delivered',
  '  file.',
  '- **regions**: the cities the site lists homes in; `whole country` when it is not limited to some.',
  '- **offers**: `rent`, `buy` or both.',
  '- **terms**: what the terms of use say about automated collection: `allows`, `forbids` or `unknown`.',
  '- **evidence**: how its parser was checked: `recorded` (against a real response of the site, with when),',
  "  `platform-format` (against a synthetic fixture in the format of the named site's recording on the same platform)",
  '  or `none`; the [Evidence](#evidence) section below has the details.',
  '- **politeness**: at most this many requests start in that window, towards the one host.',
  '',
  '## Terms',
  '',
  'A run that names no source (`ingest` without `--sources`, as the nightly timer runs it) crawls no site whose terms',
  'forbid automated collection: it leaves each one out and says so in one line of its log and its report. Naming the',
  'source (`ingest --sources funda,kamernet`) crawls it; do so only with the site owner’s permission. Replaying an',
  'archive (`--replay`, `--sample`) fetches nothing from the site, so it reads every source whatever its terms. See',
  '[Terms of use](../README.md#terms-of-use) in the README.',
]

/**
 * "24 crawled sites (10 on a platform preset), 3 examples of a platform and 1 file source; terms: …". Examples live
 * on reserved domains and are never crawled, so they are not counted as sites.
 */
function summarise(registry: readonly Source[]): string {
  const examples = registry.filter(isExampleSite).length
  const crawls = registry.filter((s): s is ListingSource => s.kind === 'crawl' && !isExampleSite(s))
  const onPreset = crawls.filter((s) => s.preset !== undefined).length
  const files = registry.filter((s) => s.kind === 'file').length
  const terms = TERMS.map((t) => `${registry.filter((s) => s.terms === t).length} ${t}`)
  return `${count(crawls.length, 'crawled site')} (${onPreset} on a platform preset), ${count(examples, 'example')} of a platform and ${count(files, 'file source')}; terms: ${terms.join(', ')}.`
}

/**
 * How many listing sources each preset carries, and with which evidence; the sources with their own adapter (`code`)
 * and the file sources after them. Examples on reserved domains are not sources and are not counted.
 */
function countsPerPreset(registry: readonly Source[], presets: readonly Preset<unknown>[]): string[] {
  const sources = registry.filter((s) => !isExampleSite(s))
  const groups: [string, Source[]][] = [
    ...presets.map((p): [string, Source[]] => [
      `\`${p.id}\``,
      sources.filter((s) => s.kind === 'crawl' && s.preset === p.id),
    ]),
    ['own adapter (`code`)', sources.filter((s) => s.kind === 'crawl' && s.preset === undefined)],
    ['file source', sources.filter((s) => s.kind === 'file')],
  ]
  const row = (name: string, group: readonly Source[]) => {
    const counts = countEvidence(group.map((s) => s.evidence))
    return [name, String(group.length), ...EVIDENCE_KINDS.map((kind) => String(counts[kind]))]
  }
  return markdownTable(
    ['built on', 'sources', ...EVIDENCE_KINDS],
    [...groups.map(([name, group]) => row(name, group)), row('**all**', sources)],
  )
}

/** Every preset a site file can name, with what it is and the sources built on it. */
function presetSection(registry: readonly Source[], presets: readonly Preset<unknown>[]): string[] {
  const on = (preset: string) =>
    registry
      .filter((s) => s.kind === 'crawl' && s.preset === preset)
      .map((s) => `\`${s.id}\``)
      .join(', ') || 'none yet'
  return [
    '## Presets',
    '',
    ...markdownTable(
      ['preset', 'name', 'offers', 'sources', 'what it is'],
      presets.map((p) => [`\`${p.id}\``, p.name, p.offers.join(', '), on(p.id), p.description]),
    ),
  ]
}

/** `docs/SOURCES.md`: the catalogue of every registered source, generated from the registry. */
export function renderCatalogue(registry: readonly Source[], presets: readonly Preset<unknown>[]): string {
  return [
    '# Sources',
    '',
    'Generated by `npm run sources-doc` from the registry (`sources/index.ts`); do not edit it by hand. A test fails',
    'while it is out of date.',
    '',
    `${summarise(registry)} ${evidenceSummary(registry)}`,
    '',
    ...countsPerPreset(registry, presets),
    '',
    ...markdownTable(CATALOGUE_HEADINGS, registry.map(catalogueRow)),
    '',
    ...COLUMNS_EXPLAINED,
    '',
    ...presetSection(registry, presets),
    '',
    ...evidenceSection(registry),
    '',
  ].join('\n')
}
