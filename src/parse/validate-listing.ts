import { wordListingIssue } from '../kit/issue-wording.js'
import { formatIssues, type Listing, type ListingInput, listingSchema } from '../kit/listing.js'

/** A listing that failed validation: what the source gave and why it was refused. */
export interface RejectedListing {
  readonly url: string | null
  readonly reason: string
  readonly payload: unknown
}

/** The outcome of validating one adapter result. */
export type ValidationResult =
  | { readonly ok: true; readonly listing: Listing }
  | { readonly ok: false; readonly rejected: RejectedListing }

/** Validates one adapter result with the listing schema; never throws. */
export function validateListing(input: ListingInput | unknown, pageUrl: string): ValidationResult {
  const parsed = listingSchema.safeParse(input, { error: wordListingIssue })
  if (parsed.success) return { ok: true, listing: parsed.data }
  const url = typeof (input as { url?: unknown })?.url === 'string' ? (input as { url: string }).url : pageUrl
  return { ok: false, rejected: { url, reason: formatIssues(parsed.error), payload: input } }
}
