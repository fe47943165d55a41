import type { Politeness } from '../../kit/index.js'
import { fieldOfColumn, type LabelField } from './label-columns.js'
import { type EnergyLabelRecord, type LabelSkipReason, toLabelRecord } from './label-record.js'

/** EP-Online's public API, version 5. */
export const EP_ONLINE_BASE_URL = 'https://public.ep-online.nl/api/v5'

/**
 * RVO publishes no rate limit; a free key is meant for look-ups, not harvesting (the bulk file is for that). Two
 * requests in flight and at most five a second keeps a nightly budget of a few thousand under fifteen minutes.
 */
export const EP_ONLINE_POLITENESS: Politeness = { concurrency: 2, intervalCap: 5, interval: 1_000 }

/** The labels of one adresseerbaar object (verblijfsobject, ligplaats or standplaats). */
export const epOnlineObjectUrl = (baseUrl: string, objectId: string): string =>
  `${baseUrl.replace(/\/$/, '')}/PandEnergielabel/AdresseerbaarObject/${objectId}`

/** The request headers: the key goes bare in `Authorization` (no "Bearer"), as RVO documents it. */
export const epOnlineHeaders = (key: string): Record<string, string> => ({
  authorization: key,
  accept: 'application/json',
})

const cellOf = (value: unknown): string | undefined =>
  value === null || value === undefined ? undefined : Array.isArray(value) ? value.join(',') : String(value)

/**
 * Parses a v5 `PandEnergielabel` answer: an array of labels (several per object are normal: each registration
 * stays). Returns the usable labels and how many entries were not; anything but an array is no labels.
 */
export function parseLabelResponse(json: unknown): {
  labels: EnergyLabelRecord[]
  skipped: Partial<Record<LabelSkipReason, number>>
} {
  const labels: EnergyLabelRecord[] = []
  const skipped: Partial<Record<LabelSkipReason, number>> = {}
  for (const entry of Array.isArray(json) ? json : []) {
    if (typeof entry !== 'object' || entry === null) {
      skipped.malformed = (skipped.malformed ?? 0) + 1
      continue
    }
    const fields = new Map<LabelField, string | undefined>()
    for (const [key, value] of Object.entries(entry)) {
      const field = fieldOfColumn(key)
      if (field !== undefined && !fields.has(field)) fields.set(field, cellOf(value))
    }
    const record = toLabelRecord((field) => fields.get(field))
    if (typeof record === 'string') skipped[record] = (skipped[record] ?? 0) + 1
    else labels.push(record)
  }
  return { labels, skipped }
}
