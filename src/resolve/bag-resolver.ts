import type BetterSqlite3 from 'better-sqlite3'
import type { HouseNumberParts, ParsedHouseNumber } from '../normalise/index.js'
import { objectRows } from '../store/prepared.js'

/** What the resolver needs to know about a listing's address, already normalised. */
export interface ResolveInput {
  /** Key form, "1234AB", or null. */
  readonly postcodeKey: string | null
  readonly houseNumber: ParsedHouseNumber | null
  readonly streetKey: string | null
  readonly surfaceArea: number | null
}

/** How a listing was (or was not) tied to a BAG object. */
export type ResolutionMethod = 'exact' | 'street-area' | 'pdok' | 'ambiguous' | 'not-found' | 'no-address'

/** The BAG object a listing describes, with the address the BAG gives it. */
export interface Resolution {
  readonly method: ResolutionMethod
  readonly objectId: string | null
  readonly numId: string | null
}

/** Resolves listings against the local BAG tables. */
export interface BagResolver {
  resolve(input: ResolveInput): Resolution
}

/** One address the BAG (or PDOK) has at a postcode and house number. */
export interface AddressRow {
  num_id: string
  object_id: string
  huisletter: string | null
  toevoeging: string | null
  street_key: string
  oppervlakte: number | null
}

const UNRESOLVED = (method: ResolutionMethod): Resolution => ({ method, objectId: null, numId: null })

/**
 * Precision first: a wrong match glues two homes together and nobody notices, so anything short of one
 * unambiguous object stays unresolved.
 * - With a house number: every candidate reading (letter vs addition, Arabic vs Roman) is tried against the
 *   postcode; the listing resolves only when all matches are one object. A bare number matches only when
 *   exactly one object has that number, since the listing may simply have left its addition out.
 * - Without one (Pararius, Kamernet): postcode, street and living area must single out one object.
 */
export function createBagResolver(sqlite: BetterSqlite3.Database): BagResolver {
  const byNumber = objectRows(
    sqlite.prepare<[string, number], AddressRow>(
      'select num_id, object_id, huisletter, toevoeging, street_key, oppervlakte from bag_addresses where postcode = ? and huisnummer = ?',
    ),
  )
  // Only the street's addresses within twice the area tolerance can decide: filtering here, not in JavaScript,
  // spares materialising every address at the postcode (a third of the resolve stage at national scale).
  const onStreetNear = objectRows(
    sqlite.prepare<[string, string, number, number], AddressRow>(
      `select num_id, object_id, huisletter, toevoeging, street_key, oppervlakte from bag_addresses
        where postcode = ? and street_key = ? and oppervlakte between ? and ?`,
    ),
  )
  return {
    resolve(input) {
      if (!input.postcodeKey) return UNRESOLVED('no-address')
      if (input.houseNumber)
        return resolveByNumber(
          byNumber.all(input.postcodeKey, input.houseNumber.huisnummer),
          input.houseNumber,
        )
      if (input.streetKey && input.surfaceArea) {
        const reach = 2 * areaTolerance(input.surfaceArea)
        const near = onStreetNear.all(
          input.postcodeKey,
          input.streetKey,
          input.surfaceArea - reach,
          input.surfaceArea + reach,
        )
        return resolveByStreetAndArea(near, input.surfaceArea)
      }
      return UNRESOLVED('no-address')
    },
  }
}

const same = (a: string | null, b: string | null) => (a ?? '').toUpperCase() === (b ?? '').toUpperCase()

function matches(row: AddressRow, candidate: HouseNumberParts): boolean {
  return same(row.huisletter, candidate.huisletter) && same(row.toevoeging, candidate.toevoeging)
}

/** Exact candidate matching on the addresses with the listing's postcode and number; shared with the PDOK fallback. */
export function resolveByNumber(rows: readonly AddressRow[], houseNumber: ParsedHouseNumber): Resolution {
  if (rows.length === 0) return UNRESOLVED('not-found')
  const objectsWithNumber = new Set(rows.map((r) => r.object_id))
  const hits = new Map<string, AddressRow>()
  for (const candidate of houseNumber.candidates) {
    const bare = candidate.huisletter === null && candidate.toevoeging === null
    if (bare && objectsWithNumber.size > 1) continue
    for (const row of rows)
      if (matches(row, candidate) && !hits.has(row.object_id)) hits.set(row.object_id, row)
  }
  if (hits.size === 0) return UNRESOLVED(objectsWithNumber.size > 1 ? 'ambiguous' : 'not-found')
  if (hits.size > 1) return UNRESOLVED('ambiguous')
  const [row] = hits.values()
  return { method: 'exact', objectId: row!.object_id, numId: row!.num_id }
}

/** Living area on a listing (NEN 2580) and BAG's usable area differ a little; this much is still the same home. */
export const areaTolerance = (area: number): number => Math.max(2, area * 0.05)

/** Decides among the street's addresses whose area lies within twice the tolerance (the query selects those). */
function resolveByStreetAndArea(rows: readonly AddressRow[], area: number): Resolution {
  const tolerance = areaTolerance(area)
  const near = new Map<string, AddressRow>()
  const rivals = new Set<string>()
  for (const row of rows) {
    const gap = Math.abs((row.oppervlakte as number) - area)
    if (gap <= tolerance) near.set(row.object_id, row)
    else if (gap <= 2 * tolerance) rivals.add(row.object_id)
  }
  for (const id of near.keys()) rivals.delete(id)
  // One object in range and nothing close behind it; otherwise two similar flats could be confused.
  if (near.size !== 1 || rivals.size > 0) return UNRESOLVED(near.size === 0 ? 'not-found' : 'ambiguous')
  const [row] = near.values()
  return { method: 'street-area', objectId: row!.object_id, numId: row!.num_id }
}
