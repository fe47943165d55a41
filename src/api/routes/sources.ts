import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { countEvidence } from '../../kit/evidence.js'
import { notModified } from '../conditional.js'
import { calendarDate } from '../date-schemas.js'
import { problemSchema } from '../schemas.js'
import { secondsSince } from '../seconds-since.js'
import { sourcesResponseSchema } from '../source-schemas.js'

/** `GET /v1/sources`: every source, its last run, its freshness and how many listings it shows. */
export function registerSourceRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/sources',
    {
      schema: {
        operationId: 'listSources',
        tags: ['Sources'],
        summary: 'List the sources and their freshness',
        description:
          'Each listing site and register: what its terms say about automated collection, how its parser was checked (its evidence), the preset it is built on and the cities it covers; the status of its last run and its requests by kind, when it last succeeded, how fresh its data is, how many listings it currently shows and how long the least recently verified of them has gone unverified. A source whose last run failed keeps serving its previous data.',
        security: [{ ApiKeyAuth: [] }],
        response: { 200: sourcesResponseSchema, 400: problemSchema, 401: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      const snapshot = await app.readModel.store.sources()
      const published = app.readModel.sync()
      // A run changes the answer when it starts and when it finishes, whether or not it publishes. ISO timestamps:
      // the later sorts last.
      const [, modifiedAt] = [published.publishedAt, snapshot.lastRunChange ?? ''].sort() as [string, string]
      // The ETag and Last-Modified move with the generation and with every run (a failed run publishes nothing but
      // changes `status`); freshness_seconds and oldest_unverified_seconds count on between them, which the weak ETag allows.
      if (notModified(request, reply, published, { tag: snapshot.fingerprint, modifiedAt })) return reply
      const now = Date.now()
      return {
        data: snapshot.sources.map((s) => ({
          id: s.id,
          name: s.name,
          kind: s.kind,
          terms: s.terms,
          evidence: s.evidence,
          preset: s.preset,
          regions: s.regions && [...s.regions],
          status: s.status,
          last_run: s.lastRun
            ? {
                run_id: s.lastRun.runId,
                started_at: s.lastRun.startedAt,
                message: s.lastRun.message,
                requests: s.requests,
                degraded_by: [...s.degradedBy],
                fill_rates: s.fillRates,
              }
            : null,
          last_success: s.lastSuccessAt,
          data_as_of: calendarDate(s.dataAsOf),
          loaded_at: s.loadedAt,
          freshness_seconds: s.lastSuccessAt === null ? null : secondsSince(s.lastSuccessAt, now),
          active_listings: s.activeListings,
          oldest_unverified_seconds:
            s.oldestVerifiedAt === null ? null : secondsSince(s.oldestVerifiedAt, now),
        })),
        meta: {
          generation: published.generation,
          as_of: new Date(now).toISOString(),
          evidence: countEvidence(snapshot.sources.map((s) => s.evidence)),
        },
      }
    },
  )
}
