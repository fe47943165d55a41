import type BetterSqlite3 from 'better-sqlite3'
import type { HouseNumberParts, ParsedHouseNumber } from '../normalise/index.js'
import { jsonRows } from '../store/prepared.js'

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
  /**
   * Resolves a batch, each input as {@link resolve} would, with one statement per kind of look-up instead of one per
   * listing, so that a statement's cost is paid per batch.
   */
  resolveAll(inputs: readonly ResolveInput[]): Resolution[]
}

/** The objects a house number at a postcode stands for: the one it resolves to, or every one it might be. */
export interface NumberMatch {
  readonly method: 'exact' | 'ambiguous' | 'not-found'
  /** One address per object: of the object it resolves to (exact), or of each it could be (ambiguous); else none. */
  readonly rows: readonly AddressRow[]
}

/** One address the BAG (or PDOK) has at a postcode and house number: what deciding on the number needs. */
export interface AddressRow {
  num_id: string
  object_id: string
  huisletter: string | null
  toevoeging: string | null
}

/** One address on the listing's street, near its living area: what deciding on the area needs. */
interface NearAddress {
  num_id: string
  object_id: string
  oppervlakte: number
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
  // Each look-up's parameters are one element of a JSON array; `i` is the element's index, so each row found comes
  // back tagged with the look-up it answers. The elements are taken apart once (`materialized`): joined on
  // `j.value ->> n` directly, SQLite takes them apart again for every address at the postcode.
  const byNumber = addressesByNumber(sqlite)
  // Only the street's addresses within twice the area tolerance can decide: filtering here, not in JavaScript,
  // spares materialising every address at the postcode.
  const onStreetNear = jsonRows(
    sqlite,
    sqlite.prepare<[string], NearAddress & Tagged>(
      `with j as materialized (
         select key, value ->> 0 as postcode, value ->> 1 as street_key, value ->> 2 as low, value ->> 3 as high from json_each(?))
       select j.key as i, a.num_id, a.object_id, a.oppervlakte from j join bag_addresses a
           on a.postcode = j.postcode and a.street_key = j.street_key and a.oppervlakte between j.low and j.high`,
    ),
  )
  const resolveAll = (inputs: readonly ResolveInput[]): Resolution[] => {
    const numbered: (readonly [string, number])[] = []
    const onStreet: (readonly [string, string, number, number])[] = []
    // Each input's place in its look-ups' parameters (numbered when it has a house number), or -1 for none.
    const lookup = inputs.map((input) => {
      if (!input.postcodeKey) return -1
      if (input.houseNumber) return numbered.push([input.postcodeKey, input.houseNumber.huisnummer]) - 1
      if (!input.streetKey || !input.surfaceArea) return -1
      const reach = 2 * areaTolerance(input.surfaceArea)
      return (
        onStreet.push([
          input.postcodeKey,
          input.streetKey,
          input.surfaceArea - reach,
          input.surfaceArea + reach,
        ]) - 1
      )
    })
    const found = rowsByLookup(numbered.length === 0 ? [] : byNumber.all(JSON.stringify(numbered)))
    const near = rowsByLookup(onStreet.length === 0 ? [] : onStreetNear.all(JSON.stringify(onStreet)))
    return inputs.map((input, i) => {
      const at = lookup[i] as number
      if (at < 0) return UNRESOLVED('no-address')
      if (input.houseNumber) return resolveByNumber(found.get(at) ?? [], input.houseNumber)
      return resolveByStreetAndArea(near.get(at) ?? [], input.surfaceArea as number)
    })
  }
  return { resolve: (input) => resolveAll([input])[0] as Resolution, resolveAll }
}

/**
 * What a house number at a postcode (key form) comes to, looked up and decided as the resolver does for a listing,
 * with every candidate when it is ambiguous: for finding homes by address.
 */
export function createNumberMatcher(
  sqlite: BetterSqlite3.Database,
): (postcodeKey: string, houseNumber: ParsedHouseNumber) => NumberMatch {
  const byNumber = addressesByNumber(sqlite)
  return (postcodeKey, houseNumber) =>
    matchByNumber(byNumber.all(JSON.stringify([[postcodeKey, houseNumber.huisnummer]])), houseNumber)
}

/** The addresses at each [postcode key, huisnummer] of a JSON array, each tagged with its look-up. */
function addressesByNumber(sqlite: BetterSqlite3.Database) {
  return jsonRows(
    sqlite,
    sqlite.prepare<[string], AddressRow & Tagged>(
      `with j as materialized (select key, value ->> 0 as postcode, value ->> 1 as huisnummer from json_each(?))
       select j.key as i, a.num_id, a.object_id, a.huisletter, a.toevoeging
         from j join bag_addresses a on a.postcode = j.postcode and a.huisnummer = j.huisnummer`,
    ),
  )
}

/** A row of a batched look-up: `i` is the look-up it answers. */
interface Tagged {
  i: number
}

/** The rows of a batched look-up grouped by the look-up they answer. */
function rowsByLookup<Row extends Tagged>(rows: readonly Row[]): Map<number, Row[]> {
  const byLookup = new Map<number, Row[]>()
  for (const row of rows) {
    const group = byLookup.get(row.i)
    if (group) group.push(row)
    else byLookup.set(row.i, [row])
  }
  return byLookup
}

const same = (a: string | null, b: string | null) => (a ?? '').toUpperCase() === (b ?? '').toUpperCase()

function matches(row: AddressRow, candidate: HouseNumberParts): boolean {
  return same(row.huisletter, candidate.huisletter) && same(row.toevoeging, candidate.toevoeging)
}

/**
 * Exact candidate matching on the addresses with the listing's postcode and number. A bare number matches only when
 * one object has that number; when several objects remain, or none matches a number that several objects share,
 * it is ambiguous, and those objects are its candidates.
 */
export function matchByNumber(rows: readonly AddressRow[], houseNumber: ParsedHouseNumber): NumberMatch {
  const objectsWithNumber = new Map<string, AddressRow>()
  for (const row of rows) if (!objectsWithNumber.has(row.object_id)) objectsWithNumber.set(row.object_id, row)
  const hits = new Map<string, AddressRow>()
  for (const candidate of houseNumber.candidates) {
    const bare = candidate.huisletter === null && candidate.toevoeging === null
    if (bare && objectsWithNumber.size > 1) continue
    for (const row of rows)
      if (matches(row, candidate) && !hits.has(row.object_id)) hits.set(row.object_id, row)
  }
  if (hits.size === 1) return { method: 'exact', rows: [...hits.values()] }
  if (hits.size > 1) return { method: 'ambiguous', rows: [...hits.values()] }
  if (objectsWithNumber.size > 1) return { method: 'ambiguous', rows: [...objectsWithNumber.values()] }
  return { method: 'not-found', rows: [] }
}

/** {@link matchByNumber} as a listing's resolution: only an exact match ties it to an object. Shared with the PDOK fallback. */
export function resolveByNumber(rows: readonly AddressRow[], houseNumber: ParsedHouseNumber): Resolution {
  const match = matchByNumber(rows, houseNumber)
  const [row] = match.rows
  if (match.method !== 'exact' || !row) return UNRESOLVED(match.method)
  return { method: 'exact', objectId: row.object_id, numId: row.num_id }
}

/** Living area on a listing (NEN 2580) and BAG's usable area differ a little; this much is still the same home. */
export const areaTolerance = (area: number): number => Math.max(2, area * 0.05)

/** Decides among the street's addresses whose area lies within twice the tolerance (the query selects those). */
function resolveByStreetAndArea(rows: readonly NearAddress[], area: number): Resolution {
  const tolerance = areaTolerance(area)
  const near = new Map<string, NearAddress>()
  const rivals = new Set<string>()
  for (const row of rows) {
    const gap = Math.abs(row.oppervlakte - area)
    if (gap <= tolerance) near.set(row.object_id, row)
    else if (gap <= 2 * tolerance) rivals.add(row.object_id)
  }
  for (const id of near.keys()) rivals.delete(id)
  // One object in range and nothing close behind it; otherwise two similar flats could be confused.
  if (near.size !== 1 || rivals.size > 0) return UNRESOLVED(near.size === 0 ? 'not-found' : 'ambiguous')
  const [row] = near.values()
  return { method: 'street-area', objectId: row!.object_id, numId: row!.num_id }
}
