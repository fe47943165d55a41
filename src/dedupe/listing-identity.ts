/** The facts about an observation that decide which home (and so which listing) it is. */
export interface IdentityInput {
  readonly sourceId: string
  readonly sourceListingId: string
  readonly type: 'rent' | 'buy'
  readonly bagObjectId: string | null
  /** The normalised postcode + house-number key, when the listing has both. */
  readonly addressKey: string | null
}

/**
 * The identity of the home an observation describes, per offer type: its BAG object when resolved; else its
 * normalised postcode and house number, so that unresolved listings on two sites still meet; else the source's
 * own id, which never merges with anything.
 */
export function identityKey(input: IdentityInput): string {
  if (input.bagObjectId) return `bag:${input.bagObjectId}:${input.type}`
  if (input.addressKey) return `adr:${input.addressKey}:${input.type}`
  return `src:${input.sourceId}:${input.sourceListingId}:${input.type}`
}

/** The public id of a listing: `lis_` and digits. */
export const formatListingId = (id: number): string => `lis_${id}`

/** The numeric id inside a `lis_` id, or null when it is not one. */
export function parseListingId(value: string): number | null {
  const match = /^lis_([1-9]\d{0,15})$/.exec(value)
  return match ? Number(match[1]) : null
}
