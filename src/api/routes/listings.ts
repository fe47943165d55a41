import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sendAnswer } from '../compression.js'
import { notModified } from '../conditional.js'
import { listingsQuerySchema, listingsResponseSchema, problemSchema } from '../schemas.js'

/** `GET /v1/listings`: search the listings currently on offer. */
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
}
