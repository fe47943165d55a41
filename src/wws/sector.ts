import { rowInForce } from './dated.js'
import { SECTOR_BANDS, type SectorBands } from './tables/sector-bands.js'

export type Sector = 'social' | 'middle' | 'free'

/** The sector bands in force on a policy date. */
export const sectorBands = (policyDate: string): SectorBands =>
  rowInForce(SECTOR_BANDS, policyDate, 'sector bands')

/** The sector of a whole-point total: social up to 143, middle 144–186, free from 187 (on the date's bands). */
export function sectorOf(points: number, bands: SectorBands): Sector {
  if (points <= bands.socialMax) return 'social'
  return points <= bands.middleMax ? 'middle' : 'free'
}
