import type { ListingFacts } from './facts.js'
import type { Range } from './range.js'
import { divideRounded, toHundredths, toQuarter } from './rounding.js'

/**
 * Group 8, outdoor space (policy book §2.8, as paraphrased in woonstadrotterdam/woningwaardering's
 * `docs/implementatietoelichtingen/zelfstandige-woonruimten.md`): private outdoor space scores 2 points for being
 * there plus 0.35 a m² (summed, to whole m²), shared space 0.75 a m² divided by the addresses sharing it, 15 points at
 * most in all, and a home with no outdoor space that scores loses 5. In hundredths.
 */
export const OUTDOOR = { present: 200, perM2: 35, max: 1500, none: -500 } as const

/**
 * Unknown outdoor points: from none (−5) to the maximum (15). The private spaces a listing states raise the low end
 * to what they score (an area not stated counts 0 m²); more space, private or shared, may always exist.
 */
export function outdoorRange(listing: ListingFacts | undefined): Range {
  const spaces = listing?.outdoor ?? []
  if (spaces.length === 0) return { low: OUTDOOR.none, high: OUTDOOR.max }
  const m2 = divideRounded(
    spaces.reduce((sum, s) => sum + toHundredths(s.areaM2 ?? 0), 0),
    100,
  )
  return { low: toQuarter(Math.min(OUTDOOR.max, OUTDOOR.present + OUTDOOR.perM2 * m2)), high: OUTDOOR.max }
}
