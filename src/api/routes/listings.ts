import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { formatListingId, parseListingId } from '../../dedupe/index.js'
import { sendAnswer } from '../compression.js'
import { notModified } from '../conditional.js'
import { problem, sendProblem } from '../problem.js'
import {
  listingParamsSchema,
  listingSchema,
  listingsQuerySchema,
  listingsResponseSchema,
  movedSchema,
  problemSchema,
} from '../schemas.js'

/** `GET /v1/listings`: search the listings currently on offer; `GET /v1/listings/{id}`: one of them. */
export function registerListingRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/listings',
    {
      schema: {
        operationId: 'searchListings',
        tags: ['Listings'],
        summary: 'Search listings',
        description:
          'Listings currently on offer, one per home and offer type across every source. Filters combine with AND; newest first, ties by id; a page past the end is empty.',
        security: [{ ApiKeyAuth: [] }],
        querystring: listingsQuerySchema,
        response: { 200: listingsResponseSchema, 400: problemSchema, 401: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      // The count and the page come from one published generation, the one the ETag names (see ReadModel).
      const answer = app.readModel.listings(request.query)
      if (notModified(request, reply, answer.published)) return reply
      return sendAnswer(request, reply, answer)
    },
  )
  app.withTypeProvider<ZodTypeProvider>().get(
    '/listings/:id',
    {
      schema: {
        operationId: 'getListing',
        tags: ['Listings'],
        summary: 'Get one listing',
        description:
          'One listing by its id, on offer or withdrawn, with its price history and every source that shows it. The id of a listing merged into another (one home two sites showed without its house number) answers 301, its Location the listing it became.',
        security: [{ ApiKeyAuth: [] }],
        params: listingParamsSchema,
        response: {
          200: listingSchema,
          301: movedSchema,
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const id = parseListingId(request.params.id)
      const answer = id === null ? null : app.readModel.listing(id)
      const survivor = id !== null && answer?.body === null ? app.readModel.survivorOf(id) : null
      if (answer && survivor !== null) {
        if (notModified(request, reply, answer.published)) return reply
        return sendMoved(reply, formatListingId(survivor))
      }
      if (answer?.body == null) return sendProblem(reply, problem(404, `No listing ${request.params.id}`))
      if (notModified(request, reply, answer.published)) return reply
      return sendAnswer(request, reply, { ...answer, body: answer.body })
    },
  )
}

/**
 * 301 with no body, Location naming the listing by id alone: relative to this path (`/v1/listings/lis_1` → `lis_2`),
 * it holds behind a proxy that mounts the API lower.
 */
function sendMoved(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(301).header('location', location).send()
}
