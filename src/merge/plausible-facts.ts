/**
 * Register and listing values that cannot be true of a home. The merge leaves them out of the golden record (the
 * field is null unless another source knows better) and says why in the field's provenance.
 */
import type { Fact } from './golden-record.js'

/**
 * The earliest year built taken. The oldest house standing in the Netherlands, the Proosdij in Deventer, dates from
 * about 1130 (as the Rijksdienst voor de Monumentenzorg dated it); a year before 1100 is a placeholder, such as the
 * 1005 Amsterdam registers in the BAG for a year it does not know, or a typo (1008 for 1908).
 */
export const EARLIEST_YEAR_BUILT = 1100

/**
 * How many years after a source stated it a year built may lie. The BAG registers the year a pand under construction
 * is expected to be finished, so a year a little ahead is real; one further ahead is a placeholder, such as the 9999
 * found on a few panden. Chosen as 5.
 */
export const YEARS_BUILT_AHEAD = 5

/** The least WOZ value taken. Chosen as: no home, berth or pitch is assessed below it; a 0 or 1 is a placeholder. */
export const LEAST_WOZ_VALUE = 1_000

/** Why a year built cannot be true, or null when it can: before {@link EARLIEST_YEAR_BUILT} or too far ahead. */
export function implausibleYearBuilt(fact: Fact<number>): string | null {
  if (fact.value < EARLIEST_YEAR_BUILT)
    return `${fact.value} is before ${EARLIEST_YEAR_BUILT}, older than any home standing in the Netherlands: a placeholder or a typo`
  const latest = Number(fact.observedAt.slice(0, 4)) + YEARS_BUILT_AHEAD
  if (fact.value > latest)
    return `${fact.value} is after ${latest}, more than ${YEARS_BUILT_AHEAD} years after ${fact.source} stated it: a placeholder`
  return null
}

/** Why a WOZ value cannot be true, or null when it can: below {@link LEAST_WOZ_VALUE}, or a peildatum to come. */
export function implausibleWoz(fact: Fact<{ value: number; referenceDate: string }>): string | null {
  const { value, referenceDate } = fact.value
  if (value < LEAST_WOZ_VALUE)
    return `EUR ${value} is below EUR ${LEAST_WOZ_VALUE.toLocaleString('en-GB')}, which no home is assessed at: a placeholder`
  if (referenceDate > fact.observedAt.slice(0, 10))
    return `its peildatum ${referenceDate} is after ${fact.observedAt.slice(0, 10)}, the day it was looked up`
  return null
}
