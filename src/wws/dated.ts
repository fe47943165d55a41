/** A row of a dated table: in force from `from` (ISO date) until the next row's date. */
export interface Dated {
  readonly from: string
}

/** A policy date before every row of a table: the rules of that date are not in this code, so nothing is computed. */
export class WwsDateError extends Error {
  override readonly name = 'WwsDateError'
}

/** The newest row in force on `date` (rows sorted oldest first, dates ISO so they compare as strings). */
export function rowInForce<T extends Dated>(rows: readonly T[], date: string, table: string): T {
  let found: T | undefined
  for (const row of rows) if (row.from <= date) found = row
  if (!found)
    throw new WwsDateError(
      `no ${table} in force on ${date}: the earliest starts ${rows[0]?.from ?? 'nowhere'}`,
    )
  return found
}
