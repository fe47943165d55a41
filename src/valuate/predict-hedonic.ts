/**
 * Applies a {@link HedonicFit} to one home: the allocation-free hot path behind estimateValue.
 */
import { HIERARCHY, hierarchyKeys } from './area-keys.js'
import { designRow, FEATURE_NAMES } from './design-row.js'
import type { HedonicFit } from './fit-hedonic.js'
import type { AreaLevel, HomeFeatures } from './types.js'

/** Log price per m² with what it rests on. */
export interface HedonicPrediction {
  readonly logPricePerM2: number
  /** Narrowest postcode or city level that had comparables, and how many. */
  readonly level: AreaLevel
  readonly n: number
  /**
   * Model-based variance of the home's local offset: sum over levels of tau² · k / (n + k), i.e.
   * what the credibility weights leave unknown. Feeds the confidence score.
   */
  readonly posteriorVariance: number
}

const P = FEATURE_NAMES.length
const row = new Float64Array(P)

/** How many times beyond the sizes a fit trusts a home may lie and still be valued. */
const AREA_REACH = 3

/** One level's area effects, packed: a key's slot in `slots`, its offset and count at that slot. */
export interface PackedLevel {
  readonly slots: Map<string, number>
  readonly offsets: Float64Array
  readonly counts: Float64Array
}

/** A level's effects packed from its groups' keys, offsets and counts (all in group order). */
export function packedLevel(
  keys: readonly string[],
  offsets: Float64Array,
  counts: Float64Array,
): PackedLevel {
  const slots = new Map<string, number>()
  keys.forEach((key, slot) => {
    slots.set(key, slot)
  })
  return { slots, offsets, counts }
}

/** A fit's coefficients and area effects in the form the hot path reads. */
export interface PackedEffects {
  /** Coefficients as a dense vector over FEATURE_NAMES: object lookups by name on every call would dominate. */
  readonly beta: Float64Array
  /**
   * Area effects per level. As parsed from JSON they are large dictionary objects: a lookup internalises the key and
   * then follows three or four pointers to reach a number, each a cache miss at national scale. Packed, a lookup is
   * one Map probe and two typed-array reads.
   */
  readonly levels: readonly PackedLevel[]
}

/** A {@link HedonicFit} with its effects packed instead of named (see `fitHedonicPacked`): for predictions only. */
export interface PackedHedonicFit extends Omit<HedonicFit, 'coefficients' | 'areas'> {
  readonly packed: PackedEffects
}

const packedFits = new WeakMap<HedonicFit, PackedEffects>()

/** The fit's effects packed; a stored fit is packed once, on its first prediction. */
function packedOf(fit: HedonicFit | PackedHedonicFit): PackedEffects {
  if ('packed' in fit) return fit.packed
  let found = packedFits.get(fit)
  if (!found) {
    found = {
      beta: Float64Array.from(FEATURE_NAMES, (name) => fit.coefficients[name] ?? 0),
      levels: HIERARCHY.map((name) => {
        const entries = Object.entries(fit.areas[name])
        return packedLevel(
          entries.map(([key]) => key),
          Float64Array.from(entries, ([, effect]) => effect[0]),
          Float64Array.from(entries, ([, effect]) => effect[1]),
        )
      }),
    }
    packedFits.set(fit, found)
  }
  return found
}

/** A living area a home can be valued by: a finite number of at least 5 m². */
export function usableArea(area: number | null | undefined): area is number {
  return typeof area === 'number' && area >= 5 && Number.isFinite(area)
}

/**
 * Whether a living area is within reach of the fit's size curve, which stays level beyond the sizes the fit trusts
 * (see designRow). Further than AREA_REACH times beyond them is too far even for that (and such areas are mostly data
 * errors, e.g. a whole building's floor area on one flat).
 */
export function withinFittedAreas(fit: Pick<HedonicFit, 'areaRange'>, area: number): boolean {
  return area >= fit.areaRange[0] / AREA_REACH && area <= fit.areaRange[1] * AREA_REACH
}

const REPORTED: Partial<Record<(typeof HIERARCHY)[number], AreaLevel>> = {
  city: 'city',
  pc4: 'pc4',
  pc5: 'pc5',
  pc6: 'pc6',
}

/**
 * Predicts log price per m² for a home at `years` from the fit's valuation date (clamped to the
 * dates the fit trusts, as a linear trend must not be extrapolated). Null without a usable living
 * area (or one far outside the sizes the fit trusts) or without any postcode or city the fit knows: a
 * national average is not an honest value.
 */
export function predictHedonic(
  fit: HedonicFit | PackedHedonicFit,
  home: HomeFeatures,
  years = 0,
): HedonicPrediction | null {
  const area = home.surfaceArea
  if (!usableArea(area) || !withinFittedAreas(fit, area)) return null
  const t = Math.min(Math.max(years, fit.yearsRange[0]), fit.yearsRange[1])
  designRow(home, fit.logAreaCentre, t, fit.areaRange, row)
  const { beta, levels } = packedOf(fit)
  let log = 0
  for (let j = 0; j < P; j++) log += (row[j] as number) * (beta[j] as number)
  const keys = hierarchyKeys(home)
  let level: AreaLevel = 'national'
  let n = 0
  let posteriorVariance = 0
  for (let li = 0; li < HIERARCHY.length; li++) {
    const name = HIERARCHY[li]!
    const key = keys[li]
    const areas = levels[li]!
    const slot = key ? areas.slots.get(key) : undefined
    const count = slot === undefined ? 0 : (areas.counts[slot] as number)
    if (count > 0) {
      log += areas.offsets[slot as number] as number
      const reported = REPORTED[name]
      if (reported) {
        level = reported
        n = count
      }
    }
    const { tau2, k } = fit.levelVariance[name]
    // With no comparables at a level nothing of tau² is known, whatever k is; k = 0 (groups of one home each,
    // so no spread within them: a small first run) would otherwise make this 0 / 0 and the estimate NaN.
    posteriorVariance += count + k > 0 ? (tau2 * k) / (count + k) : tau2
  }
  if (level === 'national') return null
  return { logPricePerM2: log, level, n, posteriorVariance }
}
