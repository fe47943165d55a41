import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { statusAsset } from '../../status/status-assets.js'
import { readStatusData } from '../../status/status-data.js'
import { STATUS_CSP, STATUS_DATA_PATH, servedStatusPage } from '../../status/status-html.js'
import { statusDataSchema } from '../../status/status-schema.js'
import { createPerRunCache } from '../per-run-cache.js'

/** What the status routes need from the settings. */
export interface StatusRouteOptions {
  /** Whether anyone may see the page (`PROPDATA_STATUS_PUBLIC`); otherwise its paths answer 404. */
  readonly public: boolean
  /** The night's length in hours, which the page draws the nights against. */
  readonly nightHours: number
}

/**
 * The figures count listings verified in the last 24 hours and 7 days: read again at least this often, and whenever
 * a run starts, finishes or publishes.
 */
const STATUS_DATA_MAX_AGE_MS = 60_000

/** Headers of every status answer: nothing inline or from elsewhere runs, and the page is read afresh each time. */
function secure(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', STATUS_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-cache')
}

/**
 * `GET /status`, the operators' page (one HTML page); `GET /status/data.json`, the figures it draws; and
 * `GET /status/assets/{name}`, its style sheet and scripts. Outside /v1: no key. Unless the operator makes them
 * public they are not there at all: they answer 404 as any unknown path does, and the API's document leaves them out.
 */
export function registerStatusRoutes(app: FastifyInstance, options: StatusRouteOptions): void {
  // From SQLite only: the runs' history stays with the pipeline, and is not copied to a replica.
  const store = app.readModel.store.sqlite
  if (!options.public || !store) return
  const figures = createPerRunCache(
    store,
    () => readStatusData(store, { nightHours: options.nightHours }),
    STATUS_DATA_MAX_AGE_MS,
  )
  const typed = app.withTypeProvider<ZodTypeProvider>()

  typed.get('/status', { schema: { hide: true } }, async (_request, reply) => {
    return secure(reply).type('text/html; charset=utf-8').send(servedStatusPage())
  })

  typed.get(
    STATUS_DATA_PATH,
    {
      schema: {
        operationId: 'getStatusData',
        tags: ['Status'],
        security: [],
        summary: 'The figures of the status page',
        description:
          'What `/status` draws: the last 30 ingest runs and every listing source’s line of each (status, listings, changes, rejects, requests by kind against the night’s lower bound, hours at its politeness), the market now and the registers. No key; only there when the server shows its status page (PROPDATA_STATUS_PUBLIC=1). Nothing in it names a server path or a partner feed.',
        response: { 200: statusDataSchema },
      },
    },
    async (_request, reply) => {
      secure(reply)
      return (await figures.read()).value
    },
  )

  typed.get(
    '/status/assets/:name',
    { schema: { hide: true, params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      const asset = statusAsset(request.params.name)
      if (!asset) return reply.callNotFound()
      return secure(reply).type(asset.type).send(asset.text)
    },
  )
}
