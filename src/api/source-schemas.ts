import { z } from 'zod'
import { TERMS, type Terms } from '../kit/adapter.js'
import { EVIDENCE_KINDS, type EvidenceKind, evidenceSchema } from '../kit/evidence.js'
import { dateSchema, timestampSchema } from './date-schemas.js'
import { REQUEST_KINDS, type RequestKind } from './request-kinds.js'

/** A crawl's requests by kind, one count each. */
const requestsSchema = z
  .object(
    Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, z.number().int().min(0)])) as Record<
      RequestKind,
      z.ZodNumber
    >,
  )
  .describe(
    'Extension: the requests the run sent for this source, by kind. list: search-result pages; detail_new: detail pages of listings not seen before; detail_changed: detail pages read because the search card changed; refresh: detail pages re-read in rotation although the card had not changed; not_modified: detail requests the site answered 304 (conditional requests). Null for a source read from a file, a register, or a run from before requests were counted.',
  )

/** One source in `GET /v1/sources`. */
export const sourceSchema = z
  .object({
    id: z.string().describe('The source id, as in `sources/<id>/` and in every listing.'),
    name: z.string(),
    kind: z
      .enum(['listing', 'register'])
      .describe('listing: a site with listings; register: bag, ep-online or woz.'),
    terms: z
      .enum(TERMS as [Terms, ...Terms[]])
      .nullable()
      .describe(
        "Extension: what the site's terms of use say about automated collection: allows, forbids or unknown. A source whose terms forbid it is crawled only in runs the operator names it in; its recorded archives are replayed like any other. Null for registers (public registers read under their own licences) and for a source the server's code no longer registers.",
      ),
    evidence: evidenceSchema
      .meta({ id: 'SourceEvidence' })
      .nullable()
      .describe(
        "Extension: how the source's parser was checked. recorded: against a real response of the site, with where it was recorded (url, or repository, path and commit), when and under which licence; platform-format: against a synthetic fixture in the format of another source's recorded answer on the same platform (follows), the site's own answer never seen; none: against neither, with why. Null for registers and for a source the server's code no longer registers.",
      ),
    preset: z
      .string()
      .nullable()
      .describe(
        'Extension: the platform preset a one-file (declarative) source is built on, as realworks or zig; null for a source with its own adapter code, and for registers.',
      ),
    regions: z
      .array(z.string())
      .nullable()
      .describe(
        'Extension: the cities the site lists homes in, as people write them; null when it covers the whole country (and for registers).',
      ),
    status: z
      .string()
      .nullable()
      .describe(
        'The status of its last run: ok; degraded (it finished, but rejected too many rows, found far fewer listings than its recent runs or filled a field far less often, so it published what validated and withdrew nothing; last_run.message and last_run.degraded_by say why); failed, blocked, stopped. Registers: bag and ep-online by their last import (ok, failed, crashed, or running); woz by the WOZ look-ups of the last ingest that made any (ok, stopped, failed). Null if never run.',
      ),
    last_run: z
      .object({
        run_id: z.number().int(),
        started_at: timestampSchema(),
        message: z
          .string()
          .nullable()
          .describe('What went wrong, when something did. A file it names is named without its folder.'),
        requests: requestsSchema.nullable(),
        degraded_by: z
          .array(z.string())
          .describe(
            'Extension: when status is degraded, the health checks the run failed: rejects (too many rows rejected), listing-count (less than half the median of its recent whole runs), fill-rate (a field filled 20 points or more below its recent median). Empty otherwise.',
          ),
        fill_rates: z
          .record(z.string(), z.number())
          .nullable()
          .describe(
            'Extension: the percentage of the listings the run parsed that had each watched field (price, surface_area, postcode, house_number, street, listed_at). Null when it parsed too few listings to say, rejected too many, or for a register.',
          ),
      })
      .nullable(),
    last_success: timestampSchema()
      .nullable()
      .describe(
        'When the last successful run of this source started. For bag and ep-online, the last successful import: its data is the data in use, whatever imports failed since.',
      ),
    data_as_of: dateSchema()
      .nullable()
      .describe(
        "bag and ep-online: the date the data in use describes, as its file states it (the BAG extract's stand date, the label file's publication date). Null for the other sources, or when the file states none (or no date).",
      ),
    loaded_at: timestampSchema()
      .nullable()
      .describe('bag and ep-online: when the data in use was loaded. Null for the other sources.'),
    freshness_seconds: z
      .number()
      .int()
      .nullable()
      .describe('Seconds since last_success, at the time of the response. Null if it never succeeded.'),
    active_listings: z.number().int().nullable().describe('Listings it currently shows; null for registers.'),
    oldest_unverified_seconds: z
      .number()
      .int()
      .nullable()
      .describe(
        "Extension: seconds, at the time of the response, since the least recently verified of the listings it currently shows was last verified (each listing's verified_at). Listings not verified since verification was recorded are left out as unknown; null when none of its listings has a verified_at, and for registers.",
      ),
  })
  .meta({ id: 'Source' })

/** `GET /v1/sources` body. */
export const sourcesResponseSchema = z.object({
  data: z.array(sourceSchema),
  meta: z.object({
    generation: z.number().int().describe('The published generation the counts belong to.'),
    as_of: timestampSchema().describe('When freshness_seconds and oldest_unverified_seconds were computed.'),
    evidence: z
      .object(
        Object.fromEntries(EVIDENCE_KINDS.map((kind) => [kind, z.number().int().min(0)])) as Record<
          EvidenceKind,
          z.ZodNumber
        >,
      )
      .describe(
        'Extension: how many of the sources listed have each kind of evidence (registers have none).',
      ),
  }),
})
