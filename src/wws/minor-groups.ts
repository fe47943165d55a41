import type { Range } from './range.js'

/**
 * The groups a home's facts rarely tell, with the realistic bounds docs/wws.md explains (policy book §2.9, §2.10,
 * §2.12 and §2.13, as paraphrased in woonstadrotterdam/woningwaardering's
 * `docs/implementatietoelichtingen/zelfstandige-woonruimten.md`). In hundredths.
 */
export const MINOR_GROUP_RANGES: Readonly<
  Record<'parking' | 'shared' | 'special' | 'monumentNewbuild', Range>
> = {
  /** Group 10: a type-I place 9, a charging point 2, divided by the addresses sharing them; up to two unshared. */
  parking: { low: 0, high: 2200 },
  /** Group 9: shared rooms and spaces (1 and 0.75 a m²) and their fittings, divided by the addresses sharing them. */
  shared: { low: 0, high: 1000 },
  /** Group 12: a video doorbell 0.25 and charging points 2 each, up to two (the 35 % of a care home is not listed). */
  special: { low: 0, high: 425 },
  /**
   * The last group: points only for contracts signed before 1 July 2024 (a national monument's 50); since then a
   * monument or new build raises the maximum rent by a percentage instead (surcharge.ts).
   */
  monumentNewbuild: { low: 0, high: 0 },
}
