import { dutchDate } from '../kit/dutch-date.js'
import type { Store } from '../store/database.js'
import { type ValueHomesCounts, valueHomes } from '../valuate/value-homes.js'
import { compareListingRents } from './compare-listing-rents.js'
import { regulateHomes } from './regulate-homes.js'
import {
  collectTouchedHomes,
  readLastPass,
  TOUCHED_HOMES,
  writeLastPass,
  writtenSince,
} from './touched-homes.js'

/** What {@link storeHomeValues} wrote. */
export interface HomeValueCounts extends ValueHomesCounts {
  /** Homes whose rent regulation was computed again (their facts, the rules in force or their label's validity changed). */
  regulated: number
  /** Rental listings whose legal maximum or comparison changed. */
  rentalsCompared: number
}

/**
 * Stores what the API serves of each home beside its record, computed where it is stale: its valuation (with the
 * models in `valuation_models`), its rent regulation on the publish's date in the Netherlands (`now`), and each
 * rental's asked rent against it. Looks only at the homes that may have changed since the last call: `touched` (the
 * homes whose listings or register facts the caller changed; 'all' after a BAG import, which may change any home's
 * facts), the records written and the registers looked up since; every home when the models or the rules in force
 * changed. Run inside the publishing transaction, after the records and the models.
 */
export function storeHomeValues(
  store: Store,
  generation: number,
  now: string,
  touched: Iterable<string> | 'all',
): HomeValueCounts {
  const last = readLastPass(store)
  let scope: string | null = null
  if (touched !== 'all' && last !== null) {
    collectTouchedHomes(store, touched, last, now)
    scope = TOUCHED_HOMES
  }
  const valued = valueHomes(store, generation, scope)
  const regulated = regulateHomes(store, dutchDate(new Date(now)), generation, scope)
  const rentalsCompared = compareListingRents(store, last === null ? null : writtenSince(store, last))
  writeLastPass(store, { generation, now })
  return { ...valued, regulated, rentalsCompared }
}

/** Whether storing the home values changed anything the API serves. */
export const changedAny = (counts: HomeValueCounts) =>
  counts.valued + counts.removed + counts.regulated + counts.rentalsCompared > 0
