import type { Source, Terms } from '../kit/adapter.js'
import type { Evidence } from '../kit/evidence.js'

/** What the registry says of a source beyond its name: shown wherever sources are listed. */
export interface SourceTraits {
  /** What its terms say about automated collection; null when the registry at hand does not know the source. */
  readonly terms: Terms | null
  /** How its parser was checked; null for a register and when the registry at hand does not know the source. */
  readonly evidence: Evidence | null
  /** The platform preset a declarative source is built on; null for a code adapter. */
  readonly preset: string | null
  /** The cities it lists homes in; null when it covers the whole country. */
  readonly regions: readonly string[] | null
}

/** The traits of a registered source, or all null for one the registry does not have. */
export function sourceTraits(source: Source | undefined): SourceTraits {
  const crawl = source?.kind === 'crawl' ? source : undefined
  return {
    terms: source?.terms ?? null,
    evidence: source?.evidence ?? null,
    preset: crawl?.preset ?? null,
    regions: crawl?.regions ?? null,
  }
}

/** The traits of a register: public data read under its own licence, not a site crawled, for the whole country. */
export const REGISTER_TRAITS: SourceTraits = { terms: null, evidence: null, preset: null, regions: null }
