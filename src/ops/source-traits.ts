import type { Terms } from '../kit/adapter.js'
import type { Evidence } from '../kit/evidence.js'
import type { SourceFacts } from '../store/sources.repository.js'

/** What the catalogue says of a source beyond its name: shown wherever sources are listed. */
export interface SourceTraits {
  /** What its terms say about automated collection; null when the catalogue does not know the source. */
  readonly terms: Terms | null
  /** How its parser was checked; null for a register and when the catalogue does not know the source. */
  readonly evidence: Evidence | null
  /** The platform preset a declarative source is built on; null for a code adapter. */
  readonly preset: string | null
  /** The cities it lists homes in; null when it covers the whole country. */
  readonly regions: readonly string[] | null
}

/** The traits of a source the catalogue describes, or all null for one it does not. */
export function sourceTraits(facts: SourceFacts | null): SourceTraits {
  return {
    terms: facts?.terms ?? null,
    evidence: facts?.evidence ?? null,
    preset: facts?.preset ?? null,
    regions: facts?.regions ?? null,
  }
}

/** The traits of a register: public data read under its own licence, not a site crawled, for the whole country. */
export const REGISTER_TRAITS: SourceTraits = { terms: null, evidence: null, preset: null, regions: null }
