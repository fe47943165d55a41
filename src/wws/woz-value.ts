import { rowInForce } from './dated.js'
import type { WozValue } from './facts.js'
import { divideRounded, toHundredths } from './rounding.js'
import { MINIMUM_WOZ, WOZ_FACTORS, type WozFactors } from './tables/woz.js'

/** The WOZ value the points are computed from, and the divisors its reference date selects. */
export interface WozInForce {
  /** Cents. */
  readonly valueCents: number
  /** The value's reference date (waardepeildatum); for the minimum, 1 January of the year before its row. */
  readonly referenceDate: string
  /** 'value' for the home's own WOZ value, 'minimum' for the minimum WOZ value. */
  readonly basis: 'value' | 'minimum'
  readonly factors: WozFactors
}

const yearOf = (isoDate: string): number => Number(isoDate.slice(0, 4))

/**
 * Only a value whose reference date lies in one of the two years before the policy date's year counts, the newest of
 * them; without one, the minimum WOZ value in force on the policy date, dated 1 January of the year before its row
 * (as the reference does). The reference date then selects the divisors.
 */
export function wozInForce(values: readonly WozValue[], policyDate: string): WozInForce {
  const year = yearOf(policyDate)
  const eligible = values
    .filter((v) => yearOf(v.referenceDate) === year - 1 || yearOf(v.referenceDate) === year - 2)
    .sort((a, b) => b.referenceDate.localeCompare(a.referenceDate))[0]
  const chosen = eligible
    ? {
        valueCents: toHundredths(eligible.value),
        referenceDate: eligible.referenceDate,
        basis: 'value' as const,
      }
    : minimumWoz(policyDate)
  return { ...chosen, factors: rowInForce(WOZ_FACTORS, chosen.referenceDate, 'WOZ factor table') }
}

function minimumWoz(policyDate: string) {
  const row = rowInForce(MINIMUM_WOZ, policyDate, 'minimum WOZ value')
  return {
    valueCents: toHundredths(row.value),
    referenceDate: `${yearOf(row.from) - 1}-01-01`,
    basis: 'minimum' as const,
  }
}

/**
 * The WOZ points before any correction, in hundredths: part I (value / factor I) plus part II (value / area /
 * factor II, or the COROP factor), each rounded to two decimals as the reference does (the policy book says not to
 * round them; the reference's reading is followed). An area of 0 scores nothing.
 */
export function rawWozPoints(woz: WozInForce, areaM2: number, corop: boolean): number {
  if (areaM2 <= 0) return 0
  const partII = corop ? woz.factors.partIICorop : woz.factors.partII
  return divideRounded(woz.valueCents, woz.factors.partI) + divideRounded(woz.valueCents, areaM2 * partII)
}
