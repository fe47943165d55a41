import type { EnergyRecord, WwsFacts } from './facts.js'
import {
  BUILD_YEAR_POINTS,
  type DwellingPoints,
  FEE_POINTS,
  INDEX_BANDS,
  INDEX_WINDOW,
  LABEL_POINTS,
  LABELS,
  type Label,
} from './tables/energy.js'

/** What the energy points rest on: the output's `energy_basis`. */
export type EnergyBasis = 'label' | 'energy-index' | 'build-year' | 'fee' | 'none'

/** The energy points a home can have (whole points), what they rest on, and the facts whose absence widened them. */
export interface EnergyOutcome {
  readonly values: readonly number[]
  readonly basis: EnergyBasis
  readonly missing: readonly string[]
}

/** The registration kinds the WWS scores (EP-Online's NTA 8800 label, energy index, EP2, provisional label). */
const SCORED_KINDS: ReadonlySet<string> = new Set(['NTA8800', 'energy-index', 'EP2', 'provisional'])

type Column = keyof DwellingPoints

/**
 * The first registration that is valid on `date`, in register order: a scored kind, final, with a label, recorded on
 * or before the date and valid until after it. The reference trusts the register's "valid until" rather than counting
 * ten years itself, and so does this.
 */
export function validRecord(records: readonly EnergyRecord[], date: string): EnergyRecord | undefined {
  return records.find(
    (r) =>
      SCORED_KINDS.has(r.kind) &&
      r.status === 'final' &&
      r.label !== undefined &&
      r.validFrom !== undefined &&
      r.validUntil !== undefined &&
      r.validFrom <= date &&
      date < r.validUntil,
  )
}

/** The class an energy index scores as: the band above the previous bound, up to and including its own. */
export function indexLabel(index: number): Label {
  return INDEX_BANDS.find((band) => index <= band.upTo)!.label
}

/** An energy index recorded in 2015–2020 scores by its index; any other registration by its label. */
function scoredLabel(record: EnergyRecord): { label: Label; byIndex: boolean } {
  const byIndex =
    record.kind === 'energy-index' &&
    record.index !== undefined &&
    record.validFrom! >= INDEX_WINDOW.from &&
    record.validFrom! < INDEX_WINDOW.before
  return byIndex ? { label: indexLabel(record.index!), byIndex } : { label: record.label!, byIndex }
}

/** The build-year band a year falls in. */
export function buildYearPoints(year: number): DwellingPoints {
  return BUILD_YEAR_POINTS.findLast((band) => year >= band.from)!
}

/** The points each column (single- and multi-family) gives, before the monument correction. */
function pointsByColumn(
  facts: WwsFacts,
  date: string,
): { byColumn: (c: Column) => number[]; basis: EnergyBasis } {
  if (facts.energyPerformanceFee) return { byColumn: (c) => [FEE_POINTS[c]], basis: 'fee' }
  const yearValues = (c: Column) =>
    facts.buildYear === undefined ? BUILD_YEAR_POINTS.map((b) => b[c]) : [buildYearPoints(facts.buildYear)[c]]
  if (facts.energy === undefined)
    return { byColumn: (c) => [...LABELS.map((l) => LABEL_POINTS[l][c]), ...yearValues(c)], basis: 'none' }
  const record = validRecord(facts.energy, date)
  if (record) {
    const { label, byIndex } = scoredLabel(record)
    return { byColumn: (c) => [LABEL_POINTS[label][c]], basis: byIndex ? 'energy-index' : 'label' }
  }
  return { byColumn: yearValues, basis: facts.buildYear === undefined ? 'none' : 'build-year' }
}

/**
 * Monuments (national, provincial, municipal) score no minus points for energy: a negative score becomes 0. Not
 * knowing whether a home is one leaves both possible.
 */
function correctMonument(values: readonly number[], monument: boolean | undefined): number[] {
  if (monument === false) return [...values]
  return values.flatMap((v) => (v >= 0 ? [v] : monument ? [0] : [v, 0]))
}

/**
 * Group 4, energy: an energy performance fee fixes the points; else the first valid EP-Online registration scores by
 * its label (an energy index of 2015–2020 by its index band); else the build year. What is unknown (the dwelling type,
 * whether a label exists, the build year, monument status) leaves every value it allows.
 */
export function energyPoints(facts: WwsFacts, date: string): EnergyOutcome {
  const { byColumn, basis } = pointsByColumn(facts, date)
  const columns: Column[] =
    facts.dwelling === undefined
      ? ['singleFamily', 'multiFamily']
      : [facts.dwelling === 'single-family' ? 'singleFamily' : 'multiFamily']
  const raw = columns.flatMap(byColumn)
  const values = [...new Set(correctMonument(raw, facts.monument))].sort((a, b) => a - b)
  const missing: string[] = []
  if (facts.dwelling === undefined && byColumn('singleFamily').join() !== byColumn('multiFamily').join())
    missing.push('dwelling')
  if (basis === 'none' && facts.energy === undefined) missing.push('energy')
  if (basis === 'none' && facts.buildYear === undefined && facts.energy !== undefined)
    missing.push('build_year')
  if (facts.monument === undefined && raw.some((v) => v < 0)) missing.push('monument')
  return { values, basis, missing }
}
