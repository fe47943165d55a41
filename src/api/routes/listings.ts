import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { parseListingId } from '../../dedupe/index.js'
import { sendAnswer } from '../compression.js'
import { notModified } from '../conditional.js'
import { problem, sendProblem } from '../problem.js'
import {
  listingParamsSchema,
  listingSchema,
  listingsQuerySchema,
  listingsResponseSchema,
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
          'One listing by its id, on offer or withdrawn, with its price history and every source that shows it.',
        security: [{ ApiKeyAuth: [] }],
        params: listingParamsSchema,
        response: {
          200: listingSchema,
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
      if (answer?.body == null) return sendProblem(reply, problem(404, `No listing ${request.params.id}`))
      if (notModified(request, reply, answer.published)) return reply
      return sendAnswer(request, reply, { ...answer, body: answer.body })
    },
  )
}
