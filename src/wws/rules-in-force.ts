import { rowInForce } from './dated.js'
import { validRecord } from './energy.js'
import type { WwsFacts } from './facts.js'
import { maxRentTable } from './rent-table.js'
import { sectorBands } from './sector.js'
import { MINIMUM_WOZ } from './tables/woz.js'

/**
 * What a policy date selects for every home: the rows of the dated tables in force on it (the maximum-rent table, the
 * sector bands, the minimum WOZ value) and its year, which decides which WOZ values are eligible. Two dates with the
 * same rules give every home the same result but for `policy_date`; a new table or a new year changes them.
 */
export function rulesInForce(policyDate: string): string {
  return JSON.stringify([
    policyDate.slice(0, 4),
    maxRentTable(policyDate),
    sectorBands(policyDate),
    rowInForce(MINIMUM_WOZ, policyDate, 'minimum WOZ value'),
  ])
}

/**
 * What a policy date selects for one home beyond {@link rulesInForce}: which of its energy registrations is valid on
 * it (its index in register order, -1 for none), as a label counts only from its recording until its validity ends.
 */
export const labelInForce = (facts: Pick<WwsFacts, 'energy'>, policyDate: string): number => {
  const records = facts.energy ?? []
  const valid = validRecord(records, policyDate)
  return valid === undefined ? -1 : records.indexOf(valid)
}
