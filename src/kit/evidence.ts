import { z } from 'zod'

/**
 * How a source's parser was checked: against a real response of the site (`recorded`), against a synthetic fixture
 * written in its platform's recorded format while the site's own answer was never seen (`platform-format`), or
 * against neither (`none`, which says why).
 */
export type EvidenceKind = 'recorded' | 'platform-format' | 'none'

/** The values of `EvidenceKind`, strongest first, for schemas, counts and help texts. */
export const EVIDENCE_KINDS: readonly EvidenceKind[] = ['recorded', 'platform-format', 'none']

/** A month, a day or a year as people write them in ISO order: `2026-09-24`, `2026-09`, `2026`. */
const PARTIAL_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/

/** Whether `text` names a real day, month or year, no later than today. */
function isPastPartialDate(text: string): boolean {
  const match = PARTIAL_DATE.exec(text)
  if (!match) return false
  const [, year, month = '01', day = '01'] = match
  const iso = `${year}-${month}-${day}`
  const date = new Date(`${iso}T00:00:00Z`)
  // `new Date` rolls 2026-02-30 over into March: a real date reads back as it was written.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) && date.getTime() <= Date.now()
}

const text = z.string().trim().min(1)

/** A recorded response: the fixture that holds it, where it was recorded, when, and under which licence. */
const recordedSchema = z
  .object({
    kind: z.literal('recorded'),
    fixture: text.describe(
      "The file in the source's fixtures/ that holds the recording: a list page, or a file source's input file.",
    ),
    url: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe(
        'The URL the response answered, when it was recorded for this project (npm run save-fixture).',
      ),
    repository: z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+$/, 'must be a GitHub repository as owner/name')
      .optional()
      .describe('Where a recording made by others is kept: a GitHub repository, as owner/name.'),
    path: text.optional().describe('Its path in that repository.'),
    commit: z
      .string()
      .regex(/^[0-9a-f]{40}$/, 'must be a full commit hash (40 hexadecimal digits)')
      .optional()
      .describe('The commit of that repository that holds it.'),
    recorded: z.preprocess(
      // YAML reads a bare year as a number.
      (value) => (typeof value === 'number' ? String(value) : value),
      z
        .string()
        .refine(
          isPastPartialDate,
          'must be a past date as yyyy-mm-dd, or yyyy-mm or yyyy when no more is known',
        )
        .describe('When it was recorded, as precisely as its recorder said: 2026-09-24, 2026-09 or 2026.'),
    ),
    licence: text.describe("The licence it is kept under (the repository's), and whose the content is."),
  })
  .strict()
  .refine((e) => e.url !== undefined || (e.repository && e.path && e.commit), {
    message: 'must say where it was recorded: url, or repository, path and commit',
  })
  .refine((e) => e.repository === undefined || (e.path !== undefined && e.commit !== undefined), {
    message: 'a repository needs its path and commit',
  })

/** A synthetic fixture in the format of another source's recording on the same platform. */
const platformFormatSchema = z
  .object({
    kind: z.literal('platform-format'),
    fixture: text.describe("The synthetic file in the source's fixtures/."),
    follows: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a source id')
      .describe(
        'The registered source, on the same platform, whose recorded answer the fixture is written after.',
      ),
  })
  .strict()

/** No recording of the site or its platform: what the fixtures are instead, and why. */
const noneSchema = z
  .object({ kind: z.literal('none'), why: text.describe('What the fixtures are instead, and why.') })
  .strict()

/** A source's evidence as it declares it, checked; `propdata sources`, `/v1/sources` and the catalogue show it. */
export const evidenceSchema = z.discriminatedUnion(
  'kind',
  [recordedSchema, platformFormatSchema, noneSchema],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `${JSON.stringify((issue.input as { kind?: unknown } | undefined)?.kind ?? null)} is not one of ${EVIDENCE_KINDS.join(', ')}`
        : undefined,
  },
)

/** How a source's parser was checked (see {@link evidenceSchema}). */
export type Evidence = z.output<typeof evidenceSchema>

/** A recorded evidence. */
export type RecordedEvidence = Extract<Evidence, { kind: 'recorded' }>

/** Where a recording was made: its URL, or `owner/name@commit:path`. */
export const recordedWhere = (e: RecordedEvidence): string =>
  e.repository ? `${e.repository}@${e.commit}:${e.path}` : (e.url ?? '')

/** The evidence in a few words, for a table cell: `recorded 2026-09-24`, `platform-format (verra-makelaars)`, `none`. */
export function describeEvidence(e: Evidence): string {
  if (e.kind === 'recorded') return `recorded ${e.recorded}`
  if (e.kind === 'platform-format') return `platform-format (${e.follows})`
  return 'none'
}

/** How many of `evidence` are of each kind, every kind named (0 when none is). */
export function countEvidence(evidence: readonly (Evidence | null)[]): Record<EvidenceKind, number> {
  const counts = Object.fromEntries(EVIDENCE_KINDS.map((k) => [k, 0])) as Record<EvidenceKind, number>
  for (const e of evidence) if (e) counts[e.kind] += 1
  return counts
}
