import type { Store } from '../store/database.js'
import { compareAskedRent, type RentRegulationJson } from '../wws/index.js'

/** Why a rental listing has no `above_legal_max`, beside the reasons the comparison itself gives. */
type ListingReason = 'unresolved' | 'not-a-dwelling' | 'no-asked-rent'

/** What a rental listing says of its rent against the law: the legal maximum range and the comparison. */
export interface LegalRent {
  readonly low: number | null
  readonly high: number | null
  readonly above: 0 | 1 | null
  readonly reason: string | null
}

/** A rental listing and what its home's stored rent regulation says. */
interface RentalRow {
  id: number
  price: number | null
  dwelling_type: string | null
  bag_id: string | null
  rent_regulation_json: string | null
  max_legal_rent_low: number | null
  max_legal_rent_high: number | null
  above_legal_max: number | null
  above_legal_max_reason: string | null
}

const cents = (euros: number) => Math.round(euros * 100)

/**
 * A rental's asked rent against its home's legal maximum. A room is not self-contained (another points system); the
 * store keeps no statement of what a rent includes, so the asked rent is compared as bare rent, as a listing that says
 * nothing of it asks.
 */
export function legalRentOf(
  row: Pick<RentalRow, 'price' | 'dwelling_type' | 'bag_id' | 'rent_regulation_json'>,
): LegalRent {
  const none = (reason: ListingReason | string, max: RentRegulationJson['max_rent'] = null): LegalRent => ({
    low: max?.low ?? null,
    high: max?.high ?? null,
    above: null,
    reason,
  })
  if (row.bag_id === null) return none('unresolved')
  if (row.rent_regulation_json === null) return none('not-a-dwelling')
  const regulation = JSON.parse(row.rent_regulation_json) as RentRegulationJson
  const max = regulation.max_rent
  if (row.price === null) return none('no-asked-rent', max)
  const comparison = compareAskedRent(
    {
      sector: regulation.sector,
      maxRent: max && { low: cents(max.low), high: max.high === null ? null : cents(max.high) },
    },
    { amount: row.price, selfContained: row.dwelling_type === 'room' ? false : undefined },
  )
  if (comparison.aboveLegalMax === null) return none(comparison.reason!, max)
  return {
    low: max?.low ?? null,
    high: max?.high ?? null,
    above: comparison.aboveLegalMax ? 1 : 0,
    reason: null,
  }
}

/**
 * Writes `max_legal_rent_*` and `above_legal_max` of every rental listing whose answer changed (its rent, its home or
 * the home's rent regulation moved), looking at the rentals written or whose home's regulation was written since
 * generation `since` (null: every rental). Run inside the publishing transaction, after {@link regulateHomes}.
 * Returns how many listings it wrote.
 */
export function compareListingRents(store: Store, since: number | null): number {
  const { sqlite } = store
  // Through the generation indexes, so that a publish that wrote few rentals and regulations reads few.
  const changedSince =
    since === null
      ? ''
      : `and l.id in (select id from listings where updated_generation >= @since
                      union select m.id from valuations r join listings m on m.bag_id = r.bag_id
                       where r.regulation_generation >= @since)`
  const rentals = sqlite.prepare<[{ after: number; since: number | null }], RentalRow>(
    `select l.id, l.price, l.dwelling_type, l.bag_id, v.rent_regulation_json,
            l.max_legal_rent_low, l.max_legal_rent_high, l.above_legal_max, l.above_legal_max_reason
       from listings l left join valuations v on v.bag_id = l.bag_id
      where l.type = 'rent' and l.id > @after ${changedSince} order by l.id limit 5000`,
  )
  const write = sqlite.prepare<[number | null, number | null, number | null, string | null, number]>(
    `update listings set max_legal_rent_low = ?, max_legal_rent_high = ?, above_legal_max = ?,
       above_legal_max_reason = ? where id = ?`,
  )
  let written = 0
  let after = 0
  for (;;) {
    const rows = rentals.all({ after, since })
    if (rows.length === 0) break
    after = rows.at(-1)!.id
    for (const row of rows) {
      const legal = legalRentOf(row)
      if (
        legal.low === row.max_legal_rent_low &&
        legal.high === row.max_legal_rent_high &&
        legal.above === row.above_legal_max &&
        legal.reason === row.above_legal_max_reason
      )
        continue
      written += write.run(legal.low, legal.high, legal.above, legal.reason, row.id).changes
    }
  }
  return written
}
