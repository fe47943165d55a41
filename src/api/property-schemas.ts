/**
 * The bodies of `GET /v1/properties/{bag_id}` and `GET /v1/properties`: a Golden Record with its provenance, its
 * valuation and its rent regulation.
 */
import { z } from 'zod'
import { DWELLING_TYPES } from '../kit/listing.js'
import { dateSchema } from './date-schemas.js'
import { addressSchema, BAG_ID, listingSchema, rentRangeSchema } from './schemas.js'

const provenanceSchema = z
  .object({
    source: z.string().describe("Where the value came from: 'bag', 'ep-online', 'woz', or a listing source."),
    observed_at: dateSchema().describe(
      "The day that source stated it: a register's date (the BAG extract's stand date, the label's registration, the day the WOZ value was fetched), or the day a listing source was last seen stating it (UTC).",
    ),
    conflicts: z
      .array(z.object({ source: z.string(), value: z.unknown(), observed_at: dateSchema() }))
      .optional()
      .describe('What other sources said that lost to this value; absent when every source agreed.'),
    rejected: z
      .array(
        z.object({ source: z.string(), value: z.unknown(), observed_at: dateSchema(), reason: z.string() }),
      )
      .optional()
      .describe(
        "Extension: values sources gave that cannot be true (a register's placeholder year such as 1005 or 9999, a WOZ value of 1), left out with the reason; absent when there were none. When every value was rejected the field is null, and source and observed_at name the first one rejected.",
      ),
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

/** The members of an estimate, a price or a monthly rent, after the figure itself. */
const estimateFields = (kind: 'price' | 'rent') => {
  const listings = kind === 'price' ? 'sale listings' : 'rentals'
  return {
    confidence: z
      .enum(['high', 'medium', 'low'])
      .nullable()
      .describe(
        `The median error (|estimate − price| / price) the estimate promises: high 5 % or less, medium 8 % or less, low more, or not measured. The class and [low, high] come from one error: an estimate whose class fell (see confidence_reason) is taken to be off by at least the bound of the class above (medium: 5 %, low: 8 %), and its interval widens to match, so a low estimate's interval always reaches past ±8 %. Stated only where the model's back-test at publish measured this method, class and evidence (comparables.level, and whether that level had 1–2 or more comparables) on at least 30 held-out homes within that bound; otherwise the best lower class that was so measured, else low.`,
      ),
    confidence_reason: z
      .string()
      .nullable()
      .describe(
        'Extension: why the confidence is what it is, in words: the median error measured on held-out homes valued the same way, or why a higher class was not earned.',
      ),
    low: z
      .number()
      .nullable()
      .describe(`Lower end of the interval, in EUR${kind === 'rent' ? ' a month' : ''}.`),
    high: z
      .number()
      .nullable()
      .describe(`Upper end of the interval, in EUR${kind === 'rent' ? ' a month' : ''}.`),
    interval_level: z
      .number()
      .nullable()
      .describe(
        "The stated coverage of [low, high], e.g. 0.8: in the back-test (propdata backtest), each confidence class's intervals held 75–85 % of its held-out homes' prices.",
      ),
    as_of: dateSchema()
      .nullable()
      .describe(
        `The model's valuation date (the date of the run that published it, in the Netherlands; no listing's date moves it): the estimate is a ${kind} at that date.`,
      ),
    method: z
      .string()
      .nullable()
      .describe(
        kind === 'price'
          ? 'The model id; ends in "+woz" when the WOZ value (indexed to as_of) was blended in; "woz-indexed-v1" when the indexed WOZ value alone is the estimate (an area without comparables).'
          : 'The model id (rents never blend the WOZ value).',
      ),
    comparables: z
      .object({ n: z.number().int(), level: z.string() })
      .nullable()
      .describe(
        `How many ${listings} the narrowest area level with data (pc6, pc5, pc4, city, national) had.`,
      ),
    no_estimate_reason: z
      .string()
      .nullable()
      .describe(
        `Extension: why there is no ${kind === 'price' ? 'estimated_price' : 'estimated_rent'}, in words (e.g. no ${listings} in the home's city or postcode area; no ${kind === 'price' ? 'sale' : 'rent'} model, as too few ${listings} were on offer at the last publish; no living area); null when there is one.`,
      ),
  }
}

/** A golden record's `valuation`: the estimated asking price, and the estimated monthly rent in `rent`. */
const valuationSchema = z.object({
  estimated_price: z
    .number()
    .nullable()
    .describe('Estimated asking price in EUR, from sale listings; null with no_estimate_reason saying why.'),
  ...estimateFields('price'),
  estimated_rent: z
    .number()
    .nullable()
    .describe(
      'Extension: estimated monthly rent in EUR, from rentals; the same figure as rent.estimated_rent.',
    ),
  rent: z
    .object({
      estimated_rent: z
        .number()
        .nullable()
        .describe('Estimated monthly rent in EUR; null with no_estimate_reason saying why.'),
      ...estimateFields('rent'),
    })
    .describe(
      "Extension: the rent estimate with its own interval and confidence, measured on held-out rentals the same way as the price's; every member null but no_estimate_reason when there is none.",
    ),
})

const SECTORS = ['social', 'middle', 'free'] as const

/** A golden record's `rent_regulation`: its WWS points as a range, the sector and the maximum rent. */
const rentRegulationSchema = z
  .object({
    points: z
      .object({ low: z.number().int(), high: z.number().int().nullable() })
      .nullable()
      .describe(
        'The WWS points (whole points) as a range over what is known and not: the true total lies within. Null when nothing bounds the area.',
      ),
    energy_points: z.number().nullable().describe('The energy group when the facts settle it, else null.'),
    woz_points: z
      .object({ low: z.number(), high: z.number().nullable() })
      .nullable()
      .describe('The WOZ group after the cap, the 186 rule or the minimum, as a range.'),
    sector: z
      .object({ low: z.enum(SECTORS), high: z.enum(SECTORS) })
      .nullable()
      .describe('social up to 143 points, middle 144–186, free from 187 (on the policy date’s bands).'),
    max_rent: rentRangeSchema
      .nullable()
      .describe('The maximum bare rent for the low and high total; high null once the range reaches 187.'),
    policy_date: dateSchema().describe(
      'The date whose rules and tables were applied: the date in the Netherlands of the publish that last computed it, whose rules are those in force at the latest publish.',
    ),
    missing: z
      .array(z.string())
      .describe('The facts (as `propdata wws` names them) whose absence widened the range.'),
  })
  .nullable()
  .describe(
    'Extension: the rent the law allows for a self-contained dwelling (the WWS), computed at publish from the BAG, EP-Online, the WOZ value and what its listings state. Null when the home is not a dwelling.',
  )

/** The Golden Record of one home. */
export const propertyResponseSchema = z
  .object({
    bag_id: z.string().regex(BAG_ID),
    nummeraanduiding_id: z.string().regex(BAG_ID).nullable(),
    address: addressSchema,
    building: z.object({
      year_built: z.number().int().nullable(),
      energy_label: z.string().nullable().describe('A+++++ … G.'),
      woz_value: z.number().nullable().describe('EUR.'),
      woz_reference_date: dateSchema()
        .nullable()
        .describe(
          "The WOZ value's peildatum (1 January of the year before the tax year); the newest is current.",
        ),
      surface_area: z.number().nullable().describe('m².'),
      use: z.string().nullable(),
      dwelling_type: z
        .enum(DWELLING_TYPES)
        .nullable()
        .describe(
          "What the home's listings state (the most recently seen first), else what the BAG suggests: a home in a building with several homes is an apartment, any other home a house.",
        ),
    }),
    valuation: valuationSchema,
    rent_regulation: rentRegulationSchema,
    listings: z.array(listingSchema),
    provenance: provenanceFieldsSchema.describe(
      'Per field: the winning source (registers beat listings for what they own, then the newest, then the configured priority).',
    ),
  })
  .meta({ id: 'GoldenRecord' })

/** `GET /v1/properties` body. */
export const addressResponseSchema = z.object({
  data: z
    .array(propertyResponseSchema)
    .describe(
      'The Golden Records at the address: one when it resolves, every candidate when it is ambiguous.',
    ),
  meta: z.object({
    resolution: z
      .enum(['exact', 'ambiguous', 'not-found'])
      .describe(
        'exact: one home; ambiguous: several homes share the number and the letter and addition do not single one out; not-found: no home at that address.',
      ),
  }),
})
