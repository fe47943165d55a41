import { z } from 'zod'

/** A query value that is a string; a repeated parameter arrives as an array and is refused with that reason. */
const single = () =>
  z.string({
    error: (issue) => (Array.isArray(issue.input) ? 'must be given only once' : 'must be a string'),
  })

const decimal = (name: string) =>
  single()
    .regex(
      /^\d{1,12}(\.\d{1,2})?$/,
      `${name} must be a number ≥ 0 (digits, optionally with up to 2 decimals)`,
    )
    .transform(Number)

const positiveInt = (name: string, max: number) =>
  single()
    .regex(/^[1-9]\d{0,9}$/, `${name} must be a whole number ≥ 1`)
    .transform(Number)
    .refine((n) => n <= max, `${name} must be at most ${max}`)

/** `GET /v1/listings` query parameters: unknown, repeated or malformed ones are a 400 that names them. */
export const listingsQuerySchema = z
  .strictObject({
    city: single()
      .trim()
      .min(1, 'city must be 1–100 characters')
      .max(100, 'city must be 1–100 characters')
      .optional()
      .describe("City name, case-insensitive; aliases match ('s-Gravenhage = Den Haag)."),
    min_price: decimal('min_price')
      .optional()
      .describe('Minimum price in EUR (inclusive; per month for rent).'),
    max_price: decimal('max_price')
      .optional()
      .describe('Maximum price in EUR (inclusive; per month for rent).'),
    type: z
      .enum(['rent', 'buy'], {
        error: (issue) =>
          Array.isArray(issue.input) ? 'must be given only once' : "type must be 'rent' or 'buy'",
      })
      .optional()
      .describe('rent or buy.'),
    page: positiveInt('page', 1_000_000_000).optional().describe('Page number, from 1. Default 1.'),
    page_size: positiveInt('page_size', 100).optional().describe('Listings per page, 1–100. Default 20.'),
    status: z
      .enum(['active', 'withdrawn'], { error: () => "status must be 'active' or 'withdrawn'" })
      .optional()
      .describe('Extension: active (default, currently on offer) or withdrawn.'),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    path: ['min_price'],
    message: 'min_price must not exceed max_price',
  })

/** Validated listings query. */
export type ListingsQuery = z.output<typeof listingsQuerySchema>

/** `GET /v1/properties/{bag_id}` path parameters. */
export const propertyParamsSchema = z.strictObject({
  bag_id: z
    .string()
    .regex(/^\d{16}$/, 'bag_id must be exactly 16 digits')
    .describe('A BAG verblijfsobject (….01….), ligplaats, standplaats or nummeraanduiding (….20….) id.'),
})

const addressSchema = z.object({
  street: z.string().nullable(),
  number: z.string().nullable().describe('House number with any addition, as "12-2" or "8 A".'),
  city: z
    .string()
    .nullable()
    .describe(
      "One name per place, resolved or not: the everyday name where the BAG's woonplaats name differs (Den Haag, not 's-Gravenhage; Den Bosch, not 's-Hertogenbosch).",
    ),
  postcode: z.string().nullable().describe('"1234 AB".'),
})

const sourceRefSchema = z.object({ name: z.string(), url: z.string() })

/** One listing: one home on offer, however many sites show it. */
export const listingSchema = z
  .object({
    id: z.string().describe('lis_ followed by digits; stable across runs.'),
    type: z.enum(['rent', 'buy']),
    status: z.enum(['active', 'withdrawn']),
    address: addressSchema,
    price: z.number().nullable().describe('EUR; per month for rent. Null when the price is on request.'),
    surface_area: z.number().nullable().describe('Living area in m².'),
    bag_id: z.string().nullable().describe('The BAG object, or null when unresolved.'),
    source: sourceRefSchema.describe('The source we trust most for this listing.'),
    sources: z.array(sourceRefSchema).describe('Every source that lists it.'),
    price_history: z
      .array(z.object({ observed_at: z.string(), price: z.number().nullable() }))
      .describe('Extension: every price the trusted source has shown, oldest first.'),
    listed_at: z
      .string()
      .nullable()
      .describe(
        'The date the home was first offered (YYYY-MM-DD), as its sites state it; null when none does. Listings are newest first by this date, those without one after those with one, then by first_seen (newest first), then by id.',
      ),
    first_seen: z.string(),
    last_seen: z.string(),
  })
  .meta({ id: 'Listing' })

export const listingsResponseSchema = z.object({
  data: z.array(listingSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), page_size: z.number().int() }),
})

const provenanceSchema = z
  .object({
    source: z.string().describe("Where the value came from: 'bag', 'ep-online', 'woz', or a listing source."),
    observed_at: z
      .string()
      .describe('When that source stated it (a register: its date; a listing: last seen).'),
    conflicts: z
      .array(z.object({ source: z.string(), value: z.unknown(), observed_at: z.string() }))
      .optional()
      .describe('What other sources said that lost to this value; absent when every source agreed.'),
  })
  .nullable()
  .describe('Null when no source knows the field.')

/** Provenance of every merged field: each key is always present, null when no source knows the field. */
const provenanceFieldsSchema = z.object({
  year_built: provenanceSchema,
  energy_label: provenanceSchema,
  woz_value: provenanceSchema,
  surface_area: provenanceSchema,
  use: provenanceSchema,
  dwelling_type: provenanceSchema,
})

/** The Golden Record of one home. */
export const propertyResponseSchema = z
  .object({
    bag_id: z.string(),
    nummeraanduiding_id: z.string().nullable(),
    address: addressSchema,
    building: z.object({
      year_built: z.number().int().nullable(),
      energy_label: z.string().nullable().describe('A+++++ … G.'),
      woz_value: z.number().nullable().describe('EUR.'),
      woz_reference_date: z
        .string()
        .nullable()
        .describe(
          "The WOZ value's peildatum (1 January of the year before the tax year); the newest is current.",
        ),
      surface_area: z.number().nullable().describe('m².'),
      use: z.string().nullable(),
      dwelling_type: z.string().nullable(),
    }),
    valuation: z.object({
      estimated_price: z.number().nullable(),
      confidence: z
        .enum(['high', 'medium', 'low'])
        .nullable()
        .describe(
          "high: a median error of 5 % or less, medium: 8 % or less, low: more or not known. Stated only where the model's back-test at publish measured this method, class and evidence (comparables.level, and whether that level had 1–2 or more comparables) on at least 30 held-out homes within that bound; otherwise the best lower class that was so measured, else low.",
        ),
      confidence_reason: z
        .string()
        .nullable()
        .describe(
          'Extension: why the confidence is what it is, in words: the median error measured on held-out homes valued the same way, or why a higher class was not earned.',
        ),
      low: z.number().nullable(),
      high: z.number().nullable(),
      interval_level: z.number().nullable().describe('The stated coverage of [low, high], e.g. 0.8.'),
      as_of: z
        .string()
        .nullable()
        .describe("The model's valuation date: the estimate is a price at that date."),
      method: z
        .string()
        .nullable()
        .describe(
          'The model id; ends in "+woz" when the WOZ value (indexed to as_of) was blended in; "woz-indexed-v1" when the indexed WOZ value alone is the estimate (an area without comparables).',
        ),
      comparables: z
        .object({ n: z.number().int(), level: z.string() })
        .nullable()
        .describe(
          'How many comparables the narrowest area level with data (pc6, pc5, pc4, city, national) had.',
        ),
      estimated_rent: z
        .number()
        .nullable()
        .describe('Extension: estimated monthly rent in EUR, from rent listings.'),
    }),
    listings: z.array(listingSchema),
    provenance: provenanceFieldsSchema.describe(
      'Per field: the winning source (registers beat listings for what they own, then the newest, then the configured priority).',
    ),
  })
  .meta({ id: 'GoldenRecord' })

/** RFC 9457 problem details. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errors: z.array(z.object({ parameter: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Problem' })
