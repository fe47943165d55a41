import { estimateValue } from './estimate-value.js'
import type { HomeFeatures, ValuationModel } from './types.js'

/**
 * A stored model is replaced at the latest when it is this many days older than the refit, so that a valuation's
 * `as_of` is never older than a week.
 */
export const MAX_MODEL_AGE_DAYS = 7

const DAY_MS = 86_400_000

/**
 * A refit moves an estimate "beyond noise" when it changes it by more than this share. A night's new, withdrawn and
 * repriced listings move most estimates far less (docs/golden-records.md shows what they do); the intervals are wider still.
 */
export const NOISE_MOVE = 0.02

/** Of the probe homes, more than this share moved beyond noise, or gained or lost an estimate: the refit is taken. */
export const NOISE_SHARE = 0.05

/**
 * Why the refitted model `fresh` replaces the `stored` one, or null when it does not: a refit that moves no estimate
 * beyond what refitting on a night's changes moves them leaves every stored valuation as it is, so a night rewrites
 * only the homes it touched. Taken when the method or the interval's level changed, the valuation year changed (WOZ
 * values are indexed to it), the stored model is {@link MAX_MODEL_AGE_DAYS} older, or more than {@link NOISE_SHARE}
 * of the `probe` homes' estimates move by more than {@link NOISE_MOVE} or gain or lose an estimate.
 */
export function refitReason(
  stored: ValuationModel,
  fresh: ValuationModel,
  probe: readonly HomeFeatures[],
): string | null {
  if (stored.method !== fresh.method || stored.version !== fresh.version) return 'the method changed'
  if (stored.uncertainty.intervalLevel !== fresh.uncertainty.intervalLevel)
    return 'the interval level changed'
  if (stored.woz?.valuationYear !== fresh.woz?.valuationYear) return 'the valuation year changed'
  const ageDays = (Date.parse(fresh.valuationDate) - Date.parse(stored.valuationDate)) / DAY_MS
  if (ageDays >= MAX_MODEL_AGE_DAYS) return `the stored model is ${Math.round(ageDays)} days old`
  const moved = movedShare(stored, fresh, probe)
  if (moved > NOISE_SHARE)
    return `it moves ${(moved * 100).toFixed(1)} % of ${probe.length} probe homes beyond noise`
  return null
}

/** The share of `probe` homes whose estimate moves by more than {@link NOISE_MOVE}, or that gain or lose one. */
export function movedShare(
  stored: ValuationModel,
  fresh: ValuationModel,
  probe: readonly HomeFeatures[],
): number {
  if (probe.length === 0) return 0
  let moved = 0
  for (const home of probe) {
    const before = estimateValue(stored, home)
    const after = estimateValue(fresh, home)
    if (before === null || after === null) {
      if (before !== after) moved += 1
    } else if (Math.abs(Math.log(after.estimatedPrice / before.estimatedPrice)) > Math.log1p(NOISE_MOVE)) {
      moved += 1
    }
  }
  return moved / probe.length
}
