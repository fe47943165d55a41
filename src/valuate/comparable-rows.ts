import type { Comparable } from './types.js'

/**
 * Comparables as SQLite hands them over: the JSON text of their rows, each an array of {@link COMPARABLE_COLUMNS}, and
 * how many there are. They cross threads in this form and are parsed where they are fitted: cloning them to a worker
 * as objects would cost the loading thread more than handing over the text.
 */
export interface ComparablesText {
  readonly count: number
  readonly json: string
}

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
 * The comparables of a {@link ComparablesText}, by listing id: fits depend on the order of their rows (sums, and the
 * order of area keys in a model), so it is checked, and restored where the query gave another.
 */
export function parseComparables(text: ComparablesText): Comparable[] {
  const rows = JSON.parse(text.json) as ComparableRow[]
  for (let i = 1; i < rows.length; i++) {
    if ((rows[i] as ComparableRow)[0] < (rows[i - 1] as ComparableRow)[0]) {
      rows.sort((a, b) => a[0] - b[0])
      break
    }
  }
  return rows.map(toComparable)
}

/** The comparables, whichever form they came in: parsed when they are a {@link ComparablesText}. */
export function comparablesOf(comparables: readonly Comparable[] | ComparablesText): readonly Comparable[] {
  return 'json' in comparables ? parseComparables(comparables) : comparables
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
