import { rowInForce } from './dated.js'
import { divideRounded } from './rounding.js'
import {
  MAX_RENT_FIRST_POINTS,
  MAX_RENT_LAST_POINTS,
  MAX_RENT_TABLES,
  type MaxRentTable,
} from './tables/max-rent.js'

/** The maximum-rent table in force on a policy date. */
export const maxRentTable = (policyDate: string): MaxRentTable =>
  rowInForce(MAX_RENT_TABLES, policyDate, 'maximum-rent table')

/**
 * The maximum bare rent (cents) for a whole-point total: below 40 points the amount at 40; above 250, the amount at
 * 250 plus, for each point more, the difference between the amounts at 250 and 249 (policy book §2.1.6).
 */
export function maxRentCents(points: number, table: MaxRentTable): number {
  const { cents } = table
  const last = cents[MAX_RENT_LAST_POINTS - MAX_RENT_FIRST_POINTS]!
  if (points > MAX_RENT_LAST_POINTS) {
    const step = last - cents[MAX_RENT_LAST_POINTS - MAX_RENT_FIRST_POINTS - 1]!
    return last + (points - MAX_RENT_LAST_POINTS) * step
  }
  return cents[Math.max(points, MAX_RENT_FIRST_POINTS) - MAX_RENT_FIRST_POINTS]!
}

/** A maximum rent raised by a surcharge (hundredths of a percent), the surcharge rounded to cents. */
export const withSurcharge = (cents: number, pctHundredths: number): number =>
  cents + divideRounded(cents * pctHundredths, 10_000)
