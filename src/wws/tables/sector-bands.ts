import type { Dated } from '../dated.js'

/**
 * The rent sectors by whole-point total: social up to `socialMax`, middle up to `middleMax`, free above. In force for
 * contracts signed on or after 1 July 2024 (Wet betaalbare huur); the policy book's §1.3.1 gives the bands per
 * 1 January 2026 (143 and 186 points, EUR 932.93 and EUR 1,228.07).
 */
export interface SectorBands extends Dated {
  readonly socialMax: number
  readonly middleMax: number
}

export const SECTOR_BANDS: readonly SectorBands[] = [{ from: '2024-07-01', socialMax: 143, middleMax: 186 }]
