import type { Politeness } from '../../kit/index.js'

/** The WOZ-waardeloket's JSON API at the Kadaster (no key). */
export const WOZ_BASE_URL = 'https://api.kadaster.nl/lvwoz/wozwaardeloket-api/v1'

/** At most one request a second, one at a time: what the public loket's users ask of each other (see README). */
export const WOZ_POLITENESS: Politeness = { concurrency: 1, intervalCap: 1, interval: 1_000 }

/** The values of one nummeraanduiding (16 digits, leading zeros kept). */
export function wozUrl(baseUrl: string, numId: string): string {
  if (!/^\d{4}20\d{10}$/.test(numId)) throw new Error(`Expected a 16-digit nummeraanduiding id, got ${numId}`)
  return `${baseUrl.replace(/\/$/, '')}/wozwaarde/nummeraanduiding/${numId}`
}
