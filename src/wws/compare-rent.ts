import type { WwsResult } from './regulation.js'
import { toHundredths } from './rounding.js'

/** What a rental listing says about the rent it asks. */
export interface AskedRent {
  /** The monthly rent asked, EUR. */
  readonly amount: number
  /** The bare rent (kale huur), EUR, when the listing gives it apart. */
  readonly bare?: number
  /** What the listing says the asked amount includes; absent when it says nothing. */
  readonly includes?: {
    readonly serviceCosts?: boolean
    readonly furnishing?: boolean
    readonly utilities?: boolean
  }
  /** False for a room in a shared house: not self-contained, valued by another points system. */
  readonly selfContained?: boolean
}

/** Why a comparison has no answer. */
export type NoComparison =
  /** A room in a shared house: the WWS for self-contained dwellings does not apply. */
  | 'not-self-contained'
  /** The asked rent includes service costs or furnishing, and the listing gives no bare rent. */
  | 'includes-costs'
  /** The facts bound no maximum rent (no area). */
  | 'no-maximum'
  /** Above the low end, and the points may reach the free sector, where no maximum applies. */
  | 'free-sector-possible'
  /** Between the low and the high end of the maximum rent. */
  | 'between-ends'

export interface RentComparison {
  /** True only above the high end, false within the low end or in the free sector, else null. */
  readonly aboveLegalMax: boolean | null
  readonly reason: NoComparison | null
}

/**
 * Whether an asked rent exceeds the legal maximum of a home's {@link WwsResult}. The maximum is for bare rent: a
 * listing whose rent includes service costs or furnishing is compared by its bare part when it gives one, and not at
 * all when it does not. A home whose points are all in the free sector has no legal maximum to exceed.
 */
export function compareAskedRent(
  result: Pick<WwsResult, 'maxRent' | 'sector'>,
  asked: AskedRent,
): RentComparison {
  const none = (reason: NoComparison): RentComparison => ({ aboveLegalMax: null, reason })
  if (asked.selfContained === false) return none('not-self-contained')
  const includesCosts = Object.values(asked.includes ?? {}).some(Boolean)
  if (asked.bare === undefined && includesCosts) return none('includes-costs')
  const { maxRent, sector } = result
  if (!maxRent || !sector) return none('no-maximum')
  if (sector.low === 'free') return { aboveLegalMax: false, reason: null }
  const rent = toHundredths(asked.bare ?? asked.amount)
  if (maxRent.high !== null && rent > maxRent.high) return { aboveLegalMax: true, reason: null }
  if (rent <= maxRent.low) return { aboveLegalMax: false, reason: null }
  return none(maxRent.high === null ? 'free-sector-possible' : 'between-ends')
}
