/** The public id of a listing: `lis_` and digits. */
export const formatListingId = (id: number): string => `lis_${id}`

/** The numeric id inside a `lis_` id, or null when it is not one. */
export function parseListingId(value: string): number | null {
  const match = /^lis_([1-9]\d{0,15})$/.exec(value)
  return match ? Number(match[1]) : null
}
