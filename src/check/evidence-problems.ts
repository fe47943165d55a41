import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { wordSiteIssue } from '../declarative/site-file-problems.js'
import type { Source } from '../kit/adapter.js'
import { type Evidence, evidenceSchema } from '../kit/evidence.js'
import { jsonKeyPaths } from './json-key-paths.js'

/** Where a source's fixtures are: `<sourcesDir>/<id>/fixtures/`. */
const fixturePath = (sourcesDir: string, id: string, file: string) => join(sourcesDir, id, 'fixtures', file)

/** The file a fixture-naming evidence must name: a list page for a crawled site, an input file for a file source. */
function fixtureKindProblem(source: Source, file: string): string | null {
  if (source.kind === 'crawl')
    return /^list-.+\.(html|json)$/.test(file)
      ? null
      : `fixture ${file} is not a list page (list-*.html or .json)`
  return /\.(csv|tsv|jsonl|ndjson)$/.test(file) ? null : `fixture ${file} is not an input file (csv or jsonl)`
}

/** The fixture a recorded or platform-format evidence names: there, and of the kind the source reads first. */
function fixtureProblems(source: Source, file: string, sourcesDir: string): string[] {
  if (!existsSync(fixturePath(sourcesDir, source.id, file)))
    return [`fixture ${file} is not in sources/${source.id}/fixtures/`]
  const kind = fixtureKindProblem(source, file)
  return kind ? [kind] : []
}

/**
 * A platform-format fixture follows a recording: the source it names is registered, on the same preset, with a
 * recorded evidence; a JSON fixture uses no key that recording never shows, so it cannot invent the platform's format.
 */
function followsProblems(
  source: Source,
  evidence: Extract<Evidence, { kind: 'platform-format' }>,
  registry: readonly Source[],
  sourcesDir: string,
): string[] {
  if (evidence.follows === source.id)
    return ['follows names the source itself: a recorded source says recorded']
  const followed = registry.find((s) => s.id === evidence.follows)
  if (!followed) return [`follows ${evidence.follows}, which is not a registered source`]
  if (followed.evidence.kind !== 'recorded')
    return [`follows ${evidence.follows}, whose evidence is ${followed.evidence.kind}, not recorded`]
  const preset = (s: Source) => (s.kind === 'crawl' ? s.preset : undefined)
  if (preset(source) !== preset(followed))
    return [
      `follows ${evidence.follows}, on ${preset(followed) ?? 'no preset'}, not ${preset(source) ?? 'no preset'}`,
    ]
  const own = fixturePath(sourcesDir, source.id, evidence.fixture)
  const recorded = fixturePath(sourcesDir, followed.id, followed.evidence.fixture)
  if (!own.endsWith('.json') || !recorded.endsWith('.json') || !existsSync(own) || !existsSync(recorded))
    return []
  const known = new Set(jsonKeyPaths(JSON.parse(readFileSync(recorded, 'utf8'))))
  const invented = jsonKeyPaths(JSON.parse(readFileSync(own, 'utf8'))).filter((path) => !known.has(path))
  if (invented.length === 0) return []
  const shown = invented.slice(0, 3).join(', ')
  return [
    `fixture ${evidence.fixture} has keys ${evidence.follows}'s recording never shows: ${shown}${invented.length > 3 ? ` and ${invented.length - 3} more` : ''}`,
  ]
}

/**
 * What is wrong with a source's evidence, one sentence each (empty when it holds): the declaration itself (kind,
 * where, when, licence), the fixture it names, and for `platform-format` the recording it follows.
 */
export function evidenceProblems(source: Source, registry: readonly Source[], sourcesDir: string): string[] {
  const parsed = evidenceSchema.safeParse(source.evidence, { error: wordSiteIssue })
  if (!parsed.success)
    return parsed.error.issues.map((issue) => `${['evidence', ...issue.path].join('.')}: ${issue.message}`)
  const evidence = parsed.data
  if (evidence.kind === 'none') return []
  const problems = fixtureProblems(source, evidence.fixture, sourcesDir)
  if (evidence.kind === 'platform-format')
    problems.push(...followsProblems(source, evidence, registry, sourcesDir))
  return problems.map((p) => `evidence: ${p}`)
}
