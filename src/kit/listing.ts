import { z } from 'zod'
import { ENERGY_LABELS } from './text-parsers.js'

/** Kinds of dwelling a listing can describe; sites' own words map onto these. */
export const DWELLING_TYPES = ['apartment', 'house', 'room', 'studio', 'other'] as const

const optionalNumber = (schema: z.ZodNumber) => schema.nullable().default(null)

/**
 * One listing as a source reports it, validated once, centrally, before anything is stored.
 * Adapters return {@link ListingInput}; the pipeline adds the source id.
 */
export const listingSchema = z
  .object({
    /** The site's own stable id for the listing (an id in the URL or the payload). */
    sourceListingId: z.string().trim().min(1).max(200),
    url: z.url({ protocol: /^https?$/ }),
    type: z.enum(['rent', 'buy']),
    /** EUR; per month for rent. Null only when the site says "on request". */
    price: optionalNumber(z.number().positive().max(100_000_000)),
    priceOnRequest: z.boolean().default(false),
    /** Living area in m². */
    surfaceArea: optionalNumber(z.number().positive().max(100_000)),
    rooms: optionalNumber(z.number().int().min(0).max(500)),
    energyLabel: z.enum(ENERGY_LABELS).nullable().default(null),
    yearBuilt: optionalNumber(z.number().int().min(1000).max(2100)),
    dwellingType: z.enum(DWELLING_TYPES).nullable().default(null),
    street: z.string().trim().min(1).max(200).nullable().default(null),
    /** As printed: "14-2", "12 A", "16hs". Normalised later, never here. */
    houseNumber: z.string().trim().min(1).max(40).nullable().default(null),
    /** As printed; normalised later. */
    postcode: z.string().trim().min(1).max(12).nullable().default(null),
    city: z.string().trim().min(1).max(100),
    /** When the site says it was first offered (ISO date or date-time). */
    listedAt: z.iso
      .date()
      .or(z.iso.datetime({ offset: true }))
      .nullable()
      .default(null),
  })
  .superRefine((listing, ctx) => {
    if (listing.price === null && !listing.priceOnRequest) {
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'missing, and the listing does not say "on request"',
      })
    }
    // A rent above this is almost always a sale price or a yearly figure read as monthly.
    if (listing.type === 'rent' && listing.price !== null && listing.price > 50_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: `${listing.price} is not a plausible monthly rent`,
      })
    }
    if (listing.type === 'buy' && listing.price !== null && listing.price < 10_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: `${listing.price} is not a plausible sale price`,
      })
    }
  })

/** What an adapter returns for one listing. */
export type ListingInput = z.input<typeof listingSchema>
/** A listing that passed validation. */
export type Listing = z.output<typeof listingSchema>

/** One line per zod issue, `path: message`, for rejects and logs. */
export function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(listing)'}: ${issue.message}`).join('; ')
}
