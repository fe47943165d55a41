/**
 * Energy points (group 4). Source: woonstadrotterdam/woningwaardering (MIT) at commit
 * 4b129f91f8761144dd7557b94ec42129ac0cedab, `woningwaardering/stelsels/zelfstandige_woonruimten/energieprestatie/
 * lookup_tabellen/`: `label_en_energie-index.csv`, `bouwjaar.csv`, `energieprestatievergoeding.csv`. Label E scores
 * −4, as the law (art. 10d Uhw) prescribes, not the −5 the Bhw misprints.
 */

/** The energy label classes EP-Online registers, best first. */
export const LABELS = ['A++++', 'A+++', 'A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G'] as const
export type Label = (typeof LABELS)[number]

/** Points for a single-family and a multi-family dwelling (eengezins- and meergezinswoning). */
export interface DwellingPoints {
  readonly singleFamily: number
  readonly multiFamily: number
}

export const LABEL_POINTS: Readonly<Record<Label, DwellingPoints>> = {
  'A++++': { singleFamily: 62, multiFamily: 58 },
  'A+++': { singleFamily: 57, multiFamily: 53 },
  'A++': { singleFamily: 52, multiFamily: 48 },
  'A+': { singleFamily: 47, multiFamily: 43 },
  A: { singleFamily: 41, multiFamily: 37 },
  B: { singleFamily: 34, multiFamily: 30 },
  C: { singleFamily: 22, multiFamily: 15 },
  D: { singleFamily: 14, multiFamily: 11 },
  E: { singleFamily: -4, multiFamily: -4 },
  F: { singleFamily: -9, multiFamily: -9 },
  G: { singleFamily: -15, multiFamily: -15 },
}

/**
 * An energy index scores as the class whose band holds it: above the previous bound, up to and including `upTo`
 * (EI ≤ 0.6 is A++, 0.6 < EI ≤ 0.8 is A+, …, EI > 2.7 is G). A+++ and A++++ have no band.
 */
export const INDEX_BANDS: readonly { readonly upTo: number; readonly label: Label }[] = [
  { upTo: 0.6, label: 'A++' },
  { upTo: 0.8, label: 'A+' },
  { upTo: 1.2, label: 'A' },
  { upTo: 1.4, label: 'B' },
  { upTo: 1.8, label: 'C' },
  { upTo: 2.1, label: 'D' },
  { upTo: 2.4, label: 'E' },
  { upTo: 2.7, label: 'F' },
  { upTo: Number.POSITIVE_INFINITY, label: 'G' },
]

/** Without a valid label, the build year scores: from `from` (inclusive) to the next band. */
export const BUILD_YEAR_POINTS: readonly (DwellingPoints & { readonly from: number })[] = [
  { from: Number.NEGATIVE_INFINITY, singleFamily: -15, multiFamily: -15 },
  { from: 1977, singleFamily: -9, multiFamily: -9 },
  { from: 1979, singleFamily: -4, multiFamily: -4 },
  { from: 1984, singleFamily: 14, multiFamily: 11 },
  { from: 1992, singleFamily: 22, multiFamily: 15 },
  { from: 2000, singleFamily: 34, multiFamily: 30 },
  { from: 2002, singleFamily: 41, multiFamily: 37 },
]

/** A dwelling with an energy performance fee (energieprestatievergoeding) scores these points, whatever its label. */
export const FEE_POINTS: DwellingPoints = { singleFamily: 32, multiFamily: 28 }

/** Energy indexes registered in this window are scored by their index; a label of any kind by its class. */
export const INDEX_WINDOW = { from: '2015-01-01', before: '2021-01-01' } as const
