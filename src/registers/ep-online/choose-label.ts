import type { EnergyLabelRecord } from './label-record.js'

/** True while a label counts on `today` (ISO date): a label stops counting the day after its `validUntil`. */
export const isLabelCurrent = (record: Pick<EnergyLabelRecord, 'validUntil'>, today: string): boolean =>
  record.validUntil >= today

/**
 * True when `candidate` should replace `incumbent` as an object's label: the newer registration wins, and of two
 * registered the same day the one read later (the bulk file lists mutations in order).
 */
export const isPreferredLabel = (
  candidate: Pick<EnergyLabelRecord, 'registeredAt'>,
  incumbent: Pick<EnergyLabelRecord, 'registeredAt'>,
): boolean => candidate.registeredAt >= incumbent.registeredAt

/** The label that counts among several of one object: expired ones are discarded, then the newest registration. */
export function chooseLabel(records: readonly EnergyLabelRecord[], today: string): EnergyLabelRecord | null {
  let best: EnergyLabelRecord | null = null
  for (const record of records) {
    if (!isLabelCurrent(record, today)) continue
    if (best === null || isPreferredLabel(record, best)) best = record
  }
  return best
}
