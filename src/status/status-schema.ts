import { z } from 'zod'
import { dateSchema, timestampSchema } from '../api/date-schemas.js'
import { REQUEST_KINDS, type RequestKind } from '../api/request-kinds.js'

/** How a source's night ended, as the status page marks it. */
export const VERDICTS = ['ok', 'degraded', 'failed', 'blocked', 'stopped', 'skipped'] as const

/** One of {@link VERDICTS}. */
export type Verdict = (typeof VERDICTS)[number]

const count = () => z.number().int().min(0)
const timestamp = timestampSchema

/** A night's requests by kind, plus their total. */
const requestsSchema = z
  .object({
    ...(Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, count()])) as Record<RequestKind, z.ZodNumber>),
    total: count().describe(
      "Every request of the night: robots.txt, list, detail_new, detail_changed and refresh (not_modified are among them: the site's 304 answers).",
    ),
  })
  .describe(
    'The requests the crawl sent, by kind, as in /v1/sources. Null for a source read from a file and for a run from before requests were counted.',
  )

/** One source in one run. */
const nightSchema = z.object({
  run_id: z.number().int().describe('The run, one of `runs`.'),
  status: z
    .enum(VERDICTS)
    .describe(
      'ok; degraded (finished, but unhealthy: degraded_by says which checks failed); failed; blocked; stopped (the run was cut short); skipped (left out, its terms forbid crawling).',
    ),
  degraded_by: z
    .array(z.string())
    .describe('When degraded: the health checks it failed (rejects, listing-count, fill-rate).'),
  message: z
    .string()
    .nullable()
    .describe(
      'What went wrong, when something did; files named without their folder. Always null for partner feeds.',
    ),
  active_listings: count()
    .nullable()
    .describe('Listings the source showed once the run was over; null for runs from before it was kept.'),
  listings: count().describe('Listings the run read from the source (unchanged ones included).'),
  new: count(),
  changed: count().describe('Listings whose published data the run changed.'),
  withdrawn: count(),
  rejected: count().describe('Rows that failed validation, each kept with its reason.'),
  requests: requestsSchema.nullable(),
  lower_bound: count()
    .nullable()
    .describe(
      "The night's lower bound in requests as the crawl saw it: robots.txt, the list pages it read and a detail page per new listing or changed search card. Its refresh rotation is what it asks beyond. Null without requests.",
    ),
  polite_hours: z
    .number()
    .min(0)
    .nullable()
    .describe(
      "The night's requests at the source's politeness (one request every interval / cap), in hours: how long the night takes crawled as politely as the source asks. Null without requests or politeness.",
    ),
})

/** One listing source. */
const sourceSchema = z.object({
  id: z
    .string()
    .describe('The source id; a partner feed is named `partner-feed` (numbered when there are several).'),
  name: z.string().describe('The site as people know it; a partner feed is "Partner feed".'),
  kind: z
    .enum(['crawl', 'file', 'unknown'])
    .describe(
      'crawl: a website; file: a file a partner delivers; unknown: a source this server does not register.',
    ),
  homepage: z.string().nullable().describe("The site's public homepage; null for partner feeds."),
  requests_per_hour: z
    .number()
    .nullable()
    .describe('The most requests an hour its politeness allows; null for partner feeds.'),
  active_listings: count().describe('Listings it shows now.'),
  resolved: count().describe('Of those, the listings resolved to a home (a BAG object).'),
  verified_last_night: count().describe(
    'Of those, the listings a crawl verified (saw unchanged, read, or had confirmed by a 304) in the 24 hours before as_of.',
  ),
  verified_last_week: count().describe('Of those, the listings verified in the 7 days before as_of.'),
  oldest_verified_at: timestamp()
    .nullable()
    .describe(
      'When the least recently verified of its listings was last verified: the oldest unverified listing. Null when none of its listings has been verified (partner feeds are read, not verified).',
    ),
  nights: z.array(nightSchema).describe('Its line of each of `runs` it took part in, oldest first.'),
})

/** The data behind the status page: `GET /status/data.json`. */
export const statusDataSchema = z
  .object({
    as_of: timestamp().describe('When these figures were read.'),
    generation: z.number().int().describe('The published generation the market figures come from.'),
    published_at: timestamp().nullable().describe('When that generation was published.'),
    night_hours: z
      .number()
      .describe("The night's length (PROPDATA_NIGHT_HOURS): a source stops starting searches past it."),
    runs: z
      .array(
        z.object({
          id: z.number().int(),
          started_at: timestamp(),
          finished_at: timestamp().nullable(),
          status: z.enum(['running', 'succeeded', 'partial', 'failed', 'crashed', 'stopped']),
          mode: z.string().describe('live, replay or sample.'),
        }),
      )
      .describe('The last ingest runs (at most 30), oldest first: the time axis of every chart.'),
    sources: z
      .array(sourceSchema)
      .describe(
        'Every listing source that took part in one of `runs` or shows listings, those whose last night went wrong first.',
      ),
    market: z.object({
      active_listings: count().describe('Listings on offer, one per home and offer type.'),
      resolved: count().describe('Of those, the listings resolved to a home (a BAG object).'),
      by_city_type: z
        .array(z.object({ city: z.string(), type: z.enum(['rent', 'buy']), listings: count() }))
        .describe('Listings on offer per city and type, the largest first; a city not known is "unknown".'),
    }),
    registers: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          homepage: z.string(),
          status: z.string().nullable().describe("Its last import's or look-ups' status; null if never run."),
          data_as_of: dateSchema()
            .nullable()
            .describe('bag and ep-online: the date the data in use describes.'),
          loaded_at: timestamp().nullable().describe('bag and ep-online: when the data in use was loaded.'),
          last_success: timestamp().nullable(),
          loaded: count()
            .nullable()
            .describe(
              'What is loaded: the addresses of the BAG extract in use, the labels of the EP-Online file in use, the homes with a WOZ value.',
            ),
        }),
      )
      .describe('The registers: what is loaded and how old.'),
  })
  .meta({ id: 'StatusData' })

/** The data behind the status page. */
export type StatusData = z.infer<typeof statusDataSchema>

/** One source of {@link StatusData}. */
export type StatusSource = StatusData['sources'][number]

/** One night of a {@link StatusSource}. */
export type StatusNight = StatusSource['nights'][number]
