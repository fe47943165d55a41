import { dutchDate } from '../kit/dutch-date.js'
import type { Store } from '../store/database.js'
import { type ValueHomesCounts, valueHomes } from '../valuate/value-homes.js'
import { compareListingRents } from './compare-listing-rents.js'
import { regulateHomes } from './regulate-homes.js'

/** What {@link storeHomeValues} wrote. */
export interface HomeValueCounts extends ValueHomesCounts {
  /** Homes whose rent regulation was computed again (their facts or the policy date changed). */
  regulated: number
  /** Rental listings whose legal maximum or comparison changed. */
  rentalsCompared: number
}

/**
 * Stores what the API serves of each home beside its record, computed where it is stale: its valuation (with the
 * models in `valuation_models`), its rent regulation on the publish's date in the Netherlands (`now`), and each
 * rental's asked rent against it. Run inside the publishing transaction, after the records and the models.
 */
export function storeHomeValues(store: Store, generation: number, now: string): HomeValueCounts {
  const valued = valueHomes(store, generation)
  const regulated = regulateHomes(store, dutchDate(new Date(now)), generation)
  const rentalsCompared = compareListingRents(store, generation)
  return { ...valued, regulated, rentalsCompared }
}

/** Whether storing the home values changed anything the API serves. */
export const changedAny = (counts: HomeValueCounts) =>
  counts.valued + counts.removed + counts.regulated + counts.rentalsCompared > 0
