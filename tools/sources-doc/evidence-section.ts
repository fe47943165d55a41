import type { Source } from '../../src/kit/adapter.js'
import { countEvidence, EVIDENCE_KINDS, type RecordedEvidence } from '../../src/kit/evidence.js'
import { markdownTable } from './markdown-table.js'

/** "Evidence: 26 recorded, 9 platform-format, 5 none." */
export function evidenceSummary(registry: readonly Source[]): string {
  const counts = countEvidence(registry.map((s) => s.evidence))
  return `Evidence: ${EVIDENCE_KINDS.map((kind) => `${counts[kind]} ${kind}`).join(', ')}.`
}

/** Where a recording is: a link to the file at its commit, or the URL it answered. */
function whereCell(e: RecordedEvidence): string {
  if (!e.repository) return `<${e.url}>`
  return `[${e.repository} @ ${e.commit!.slice(0, 7)}](https://github.com/${e.repository}/blob/${e.commit}/${e.path})`
}

/** The sources with each kind of evidence, and what each declares: a table per kind. */
export function evidenceSection(registry: readonly Source[]): string[] {
  const of = <K extends Source['evidence']['kind']>(kind: K) =>
    registry.flatMap((s) =>
      s.evidence.kind === kind
        ? [{ id: s.id, evidence: s.evidence as Extract<Source['evidence'], { kind: K }> }]
        : [],
    )
  return [
    '## Evidence',
    '',
    'How each parser was checked ([docs/evidence.md](evidence.md)). The contract suite holds every declaration to its',
    'fixtures; `npx propdata sources check ID` checks a source against its live site.',
    '',
    '**recorded**: against a real response of the site, in the fixture named.',
    '',
    ...markdownTable(
      ['id', 'fixture', 'where', 'recorded', 'licence'],
      of('recorded').map(({ id, evidence: e }) => [
        `\`${id}\``,
        `\`${e.fixture}\``,
        whereCell(e),
        e.recorded,
        e.licence,
      ]),
    ),
    '',
    "**platform-format**: against a synthetic fixture written in the format of another site's recording on the same",
    "platform; the site's own answer was never seen.",
    '',
    ...markdownTable(
      ['id', 'fixture', 'follows'],
      of('platform-format').map(({ id, evidence: e }) => [
        `\`${id}\``,
        `\`${e.fixture}\``,
        `\`${e.follows}\``,
      ]),
    ),
    '',
    '**none**: against nothing recorded, and why.',
    '',
    ...markdownTable(
      ['id', 'why'],
      of('none').map(({ id, evidence: e }) => [`\`${id}\``, e.why]),
    ),
  ]
}
