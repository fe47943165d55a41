import type { Dated } from '../dated.js'

/**
 * The divisors of the WOZ points, by the WOZ value's reference date (waardepeildatum): part I is the value divided by
 * `partI`, part II the value divided by the area and by `partII`, or by `partIICorop` for the small new builds of the
 * COROP rule. Source: woonstadrotterdam/woningwaardering (MIT),
 * `woningwaardering/stelsels/zelfstandige_woonruimten/punten_voor_de_woz_waarde/lookup_tabellen/woz_factor.csv` at
 * commit 4b129f91f8761144dd7557b94ec42129ac0cedab; the policy book's table 2.11.2 gives the same amounts.
 */
export interface WozFactors extends Dated {
  readonly partI: number
  readonly partII: number
  readonly partIICorop: number
}

export const WOZ_FACTORS: readonly WozFactors[] = [
  { from: '2020-01-01', partI: 11041, partII: 172, partIICorop: 73 },
  { from: '2021-01-01', partI: 12090, partII: 189, partIICorop: 80 },
  { from: '2022-01-01', partI: 14146, partII: 222, partIICorop: 94 },
  { from: '2023-01-01', partI: 14543, partII: 229, partIICorop: 97 },
  { from: '2024-01-01', partI: 15329, partII: 242, partIICorop: 103 },
  { from: '2025-01-01', partI: 16954, partII: 268, partIICorop: 114 },
]

/**
 * The minimum WOZ value, by policy date: what the points are computed from when the home has no WOZ value of the
 * two years before. Source: the same repository and commit,
 * `…/punten_voor_de_woz_waarde/lookup_tabellen/minimum_woz_waarde.csv`.
 */
export interface MinimumWoz extends Dated {
  readonly value: number
}

export const MINIMUM_WOZ: readonly MinimumWoz[] = [
  { from: '2023-07-01', value: 71602 },
  { from: '2024-07-01', value: 73607 },
  { from: '2025-01-01', value: 77582 },
  { from: '2026-01-01', value: 85806 },
]
