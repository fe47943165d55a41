/**
 * Deterministic synthetic comparables with known effects, for unit tests: the truth is set
 * here, so a test can check the fit recovers it.
 */
import { seededRandom } from '../seeded-random.js'
import type { Comparable } from './types.js'

/** Shape and true effects of a synthetic market; every field has a default. */
export interface SyntheticOptions {
  readonly seed?: number
  readonly pc4s?: number
  readonly pc6PerPc4?: number
  readonly perPc6?: number
  /** SD of the true log offsets of pc4 and pc6 areas, and of the per-home noise. */
  readonly tauPc4?: number
  readonly tauPc6?: number
  readonly sigma?: number
  /** When false, homes carry no year, label or type (like the Amsterdam set). */
  readonly features?: boolean
  readonly city?: string
}

/** True effects on log price per m² used when `features` is on. */
export const TRUE_EFFECTS = {
  basePricePerM2: 4000,
  logAreaSlope: -0.2,
  apartment: -0.1,
  builtFrom2001: 0.15,
  labelA: 0.05,
  labelG: -0.05,
} as const

/** A pc6 postcode for the i-th pc4 and j-th pc6 within it; four pc6 areas share a pc5, as in life. */
export function syntheticPostcode(i: number, j: number): string {
  const letters = 'ABCDEFGHJKLMNPRSTVWX'
  return `${1000 + i * 7}${letters[Math.floor(j / 4) % letters.length]}${letters[j % 4]}`
}

/** Generates comparables: log ppm² = base + pc4 offset + pc6 offset + feature effects + noise. */
export function syntheticComparables(options: SyntheticOptions = {}): Comparable[] {
  const random = seededRandom(options.seed ?? 7)
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
  const rows: Comparable[] = []
  const pc4s = options.pc4s ?? 6
  const pc6s = options.pc6PerPc4 ?? 20
  const per = options.perPc6 ?? 4
  const features = options.features ?? true
  for (let i = 0; i < pc4s; i++) {
    const a4 = (options.tauPc4 ?? 0.15) * normal()
    for (let j = 0; j < pc6s; j++) {
      const a6 = (options.tauPc6 ?? 0.05) * normal()
      const pc6Year = 1900 + Math.floor(random() * 120)
      for (let h = 0; h < per; h++) {
        const area = Math.round(45 + random() * 120)
        const apartment = random() < 0.5
        const label = 'ABCDEFG'[Math.floor(random() * 7)] as string
        let log = Math.log(TRUE_EFFECTS.basePricePerM2) + a4 + a6 + (options.sigma ?? 0.08) * normal()
        if (features) {
          log += TRUE_EFFECTS.logAreaSlope * (Math.log(area) - Math.log(80))
          if (apartment) log += TRUE_EFFECTS.apartment
          if (pc6Year >= 2001) log += TRUE_EFFECTS.builtFrom2001
          if (label === 'A') log += TRUE_EFFECTS.labelA
          if (label === 'G') log += TRUE_EFFECTS.labelG
        }
        rows.push({
          id: `s${i}-${j}-${h}`,
          price: Math.round(Math.exp(log) * area),
          surfaceArea: area,
          postcode: syntheticPostcode(i, j),
          city: options.city ?? 'Teststad',
          ...(features
            ? { yearBuilt: pc6Year, energyLabel: label, dwellingType: apartment ? 'apartment' : 'house' }
            : {}),
          listedAt: '2023-06-01',
        })
      }
    }
  }
  return rows
}
