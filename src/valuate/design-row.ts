/**
 * The hedonic adjustment features: what a home's size, age, type and energy label do to its
 * log price per m², relative to the area it is in.
 */
import { validYear } from './area-keys.js'
import type { HomeFeatures } from './types.js'

/** Lower bounds of the year-built bands; homes built before the first bound are the reference. */
const YEAR_BANDS = [1906, 1931, 1945, 1960, 1971, 1981, 1991, 2001, 2011] as const

/** Hinges (m²) of the piecewise-linear size curve: price per m² does not fall at one rate. */
const AREA_KNOTS = [55, 80, 120, 180] as const

/** Energy-label groups; C is the reference. A+ to A+++++ are too rare to fit apart, so they join A. */
const LABELS = ['A', 'B', 'D', 'E', 'F', 'G'] as const

function bandName(i: number): string {
  const from = YEAR_BANDS[i] as number
  const next = YEAR_BANDS[i + 1]
  return next === undefined ? `built${from}+` : `built${from}-${next - 1}`
}

/** Feature names in column order; the model stores coefficients under these names. */
export const FEATURE_NAMES: readonly string[] = [
  'intercept',
  'logArea',
  ...AREA_KNOTS.map((k) => `logArea>${k}`),
  'apartment',
  'typeUnknown',
  'logArea:apartment',
  ...YEAR_BANDS.map((_, i) => bandName(i)),
  'builtUnknown',
  ...YEAR_BANDS.map((_, i) => `apartment:${bandName(i)}`),
  ...LABELS.map((l) => `label${l}`),
  'labelUnknown',
  'years',
]

const LOG_KNOTS = AREA_KNOTS.map(Math.log)

/** The energy-label group of a raw label ('a', 'A++', ' c '), or null when absent or unreadable. */
export function labelGroup(label: string | null | undefined): string | null {
  const letter = label?.trim().toUpperCase().charAt(0)
  return letter && /^[A-G]$/.test(letter) ? letter : null
}

/**
 * Writes the home's feature row into `out` (length FEATURE_NAMES.length) without allocating,
 * because it runs once per estimate at API read time. `years` is the time between the price
 * date and the valuation date (negative = earlier). The size curve is read at the area clamped to
 * `areaRange`, the sizes the fit trusts: beyond them the price per m² stays where the curve ends.
 */
export function designRow(
  home: HomeFeatures,
  logAreaCentre: number,
  years: number,
  areaRange: readonly [number, number],
  out: Float64Array,
): void {
  out.fill(0)
  const logArea = Math.log(Math.min(Math.max(home.surfaceArea, areaRange[0]), areaRange[1]))
  const apartment = home.dwellingType === 'apartment' ? 1 : 0
  let c = 0
  out[c++] = 1
  out[c++] = logArea - logAreaCentre
  for (const knot of LOG_KNOTS) out[c++] = Math.max(0, logArea - knot)
  out[c++] = apartment
  out[c++] = home.dwellingType === 'apartment' || home.dwellingType === 'house' ? 0 : 1
  out[c++] = (logArea - logAreaCentre) * apartment
  const year = validYear(home.yearBuilt)
  const bandStart = c
  const band = year === null ? -1 : YEAR_BANDS.findLastIndex((from) => year >= from)
  if (band >= 0) out[bandStart + band] = 1
  c += YEAR_BANDS.length
  out[c++] = year === null ? 1 : 0
  if (band >= 0 && apartment) out[c + band] = 1
  c += YEAR_BANDS.length
  const label = labelGroup(home.energyLabel)
  for (const l of LABELS) out[c++] = label === l ? 1 : 0
  out[c++] = label === null ? 1 : 0
  out[c++] = years
}
