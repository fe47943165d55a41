import type { Source } from '../kit/adapter.js'
import type { IngestOptions } from '../pipeline/ingest.js'
import type { LeftOutSource } from '../pipeline/left-out.js'

/** How a run reads its pages: from the sites (`live`), or from recorded archives. */
export type RunMode = IngestOptions['mode']

/** What a run over every source knows when it decides which sources to read. */
export interface SelectionContext {
  readonly mode: RunMode
  /** Sources retired with `sources retire`. */
  readonly retired: ReadonlySet<string>
}

/** One reason to leave a source out of a run over every source, or null when the rule does not apply to it. */
type Rule = (source: Source, context: SelectionContext) => string | null

/**
 * A site whose terms forbid automated collection is crawled live only when the operator names it, who then answers
 * for having the site's permission. Replaying an archive fetches nothing from the site, so it is no crawl.
 */
const forbiddenByTerms: Rule = (source, { mode }) =>
  mode === 'live' && source.terms === 'forbids'
    ? 'its terms forbid automated collection (name it with --sources to crawl it)'
    : null

/** A retired source's listings were withdrawn on purpose; only a run that names it brings it back. */
const retired: Rule = (source, context) =>
  context.retired.has(source.id) ? 'retired (name it with --sources to run it again)' : null

const RULES: readonly Rule[] = [retired, forbiddenByTerms]

/** The sources a run that names none reads, and those it leaves out with the first reason that applies. */
export function selectEverySource(
  registry: readonly Source[],
  context: SelectionContext,
): { sources: Source[]; leftOut: LeftOutSource[] } {
  const sources: Source[] = []
  const leftOut: LeftOutSource[] = []
  for (const source of registry) {
    // A file source reads the file it is given; with none given it has nothing to read, which is no reason to say.
    if (source.kind === 'file') continue
    const reason = RULES.map((rule) => rule(source, context)).find((r) => r !== null)
    if (reason) leftOut.push({ source: source.id, reason })
    else sources.push(source)
  }
  return { sources, leftOut }
}
