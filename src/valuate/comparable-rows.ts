import type { Comparable } from './types.js'

/**
 * What a comparable row holds, as SQL over active listings `l` and their golden records `g`, in the order
 * {@link parseComparables} reads.
 */
export const COMPARABLE_COLUMNS = [
  'l.id',
  'l.price',
  'l.surface_area',
  'l.postcode',
  'l.city',
  // A listing whose site gives no date is dated by when it was first seen.
  'coalesce(l.listed_at, l.first_seen)',
  'g.year_built',
  'g.energy_label',
  'g.dwelling_type',
  'g.woz_value',
  'g.woz_reference_date',
] as const

type ComparableRow = [
  id: number,
  price: number,
  surfaceArea: number,
  postcode: string,
  city: string | null,
  listedAt: string,
  yearBuilt: number | null,
  energyLabel: string | null,
  dwellingType: string | null,
  wozValue: number | null,
  wozReferenceDate: string | null,
]

/**
 * The comparables in a JSON text that SQLite built, an array of rows each an array of {@link COMPARABLE_COLUMNS}, by
 * listing id: fits depend on the order of their rows (sums, and the order of area keys in a model), so it is checked,
 * and restored where the query gave another.
 */
export function parseComparables(json: string): Comparable[] {
  const rows = JSON.parse(json) as ComparableRow[]
  for (let i = 1; i < rows.length; i++) {
    if ((rows[i] as ComparableRow)[0] < (rows[i - 1] as ComparableRow)[0]) {
      rows.sort((a, b) => a[0] - b[0])
      break
    }
  }
  return rows.map(toComparable)
}

function toComparable([
  id,
  price,
  surfaceArea,
  postcode,
  city,
  listedAt,
  yearBuilt,
  energyLabel,
  dwellingType,
  wozValue,
  wozReferenceDate,
]: ComparableRow): Comparable {
  return {
    id: String(id),
    price,
    surfaceArea,
    postcode,
    city,
    listedAt: listedAt.slice(0, 10),
    yearBuilt,
    energyLabel,
    dwellingType: dwellingType === 'apartment' || dwellingType === 'house' ? dwellingType : null,
    wozValue,
    wozReferenceDate,
  }
}
