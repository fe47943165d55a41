import { z } from 'zod'
import { normalisePostcode } from '../normalise/normalise-postcode.js'
import { parseHouseNumber } from '../normalise/parse-house-number.js'
import { parseListingDate } from './listing-date.js'
import { implausibleValues } from './plausible-listing.js'
import { shownAs } from './shown-value.js'
import { ENERGY_LABELS, parseArea, parseEnergyLabel, parseRooms, parseYearBuilt } from './text-parsers.js'

/** Kinds of dwelling a listing can describe; sites' own words map onto these. */
export const DWELLING_TYPES = ['apartment', 'house', 'room', 'studio', 'other'] as const

const optionalNumber = (schema: z.ZodNumber) => schema.nullable().default(null)
/** A number, or the text the site shows for it, read with `read` (see {@link shownAs}). */
const shownNumber = (schema: z.ZodNumber, read: (text: string) => number | null, what: string) =>
  shownAs(z.union([z.number(), z.string()]), schema, read, what)
/** Text kept as printed, once `readable` says it has the form it should. */
const printed = (schema: z.ZodString, readable: (text: string) => boolean, what: string) =>
  shownAs(z.string(), schema, (text) => (readable(text) ? text : null), what)

/** The fields the plausibility rules read (see {@link implausibleValues}). */
const PLAUSIBILITY_READS = new Set(['type', 'price', 'surfaceArea', 'dwellingType', 'listedAt'])

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
    // The fields below that have a form take the value or the text the site shows ("65 m²", "Niet beschikbaar"):
    // text that says nothing is absent, text that cannot be read rejects the listing (see shownAs).
    /** Living area in m². */
    surfaceArea: shownNumber(z.number().positive().max(100_000), parseArea, 'an area'),
    rooms: shownNumber(
      z.number().int().min(0).max(500),
      (text) => parseRooms(text).rooms,
      'a number of rooms',
    ),
    energyLabel: shownAs(z.string(), z.enum(ENERGY_LABELS), parseEnergyLabel, 'an energy label'),
    yearBuilt: shownNumber(z.number().int().min(1000).max(2100), parseYearBuilt, 'a year'),
    dwellingType: z.enum(DWELLING_TYPES).nullable().default(null),
    street: z.string().trim().min(1).max(200).nullable().default(null),
    /** As printed: "14-2", "12 A", "16hs". Normalised later, never here; a text without a house number is refused. */
    houseNumber: printed(z.string().max(40), (text) => parseHouseNumber(text) !== null, 'a house number'),
    /** As printed ("1091CR", "1091 cr"); normalised later. A text that is not a Dutch postcode is refused. */
    postcode: printed(z.string().max(12), (text) => normalisePostcode(text) !== null, 'a Dutch postcode'),
    city: z.string().trim().min(1).max(100),
    /**
     * The date the site says the home was first offered, `yyyy-mm-dd`; a date-time ("2026-09-18T13:18:54+02:00") or
     * "21-10-2024" is read as the date it names. Null when the site gives none.
     */
    listedAt: shownAs(z.string(), z.iso.date(), parseListingDate, 'a date'),
  })
  .superRefine((listing, ctx) => {
    if (listing.price === null && !listing.priceOnRequest) {
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'missing, and the listing does not say "on request"',
      })
    }
  })
  // Values of a good form that still cannot be true: a date to come, an area or a price outside its bounds. Judged only
  // once the fields they read have their form: "-5" is a bad price, not a low one.
  .superRefine(
    (listing, ctx) => {
      for (const { field, message } of implausibleValues(listing, new Date())) {
        ctx.addIssue({ code: 'custom', path: [field], message })
      }
    },
    { when: ({ issues }) => !issues.some((issue) => PLAUSIBILITY_READS.has(String(issue.path?.[0]))) },
  )

/** What an adapter returns for one listing. */
export type ListingInput = z.input<typeof listingSchema>
/** A listing that passed validation. */
export type Listing = z.output<typeof listingSchema>

/** One line per zod issue, `path: message`, for rejects and logs. */
export function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(listing)'}: ${issue.message}`).join('; ')
}
