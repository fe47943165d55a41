import type { FastifyInstance } from 'fastify'
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
      const answer = await app.readModel.listings(request.query)
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
          'One listing by its id, on offer or withdrawn, with its price history and every source that shows it. The id of a listing merged into another (one home two sites showed without its house number) keeps answering with the listing it became: 200, the body of that listing (its `id` included), and a Content-Location header naming it.',
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
      const own = id === null ? null : await app.readModel.listing(id)
      // A merged-away id answers as the listing it became; Content-Location names that one by id alone, relative
      // to this path (`lis_1` → `lis_2`), so it holds behind a proxy that mounts the API lower.
      const survivor = id !== null && own?.body === null ? await app.readModel.survivorOf(id) : null
      const answer = survivor === null ? own : await app.readModel.listing(survivor)
      if (answer?.body == null) return sendProblem(reply, problem(404, `No listing ${request.params.id}`))
      if (survivor !== null) reply.header('content-location', formatListingId(survivor))
      if (notModified(request, reply, answer.published)) return reply
      return sendAnswer(request, reply, { ...answer, body: answer.body })
    },
  )
}
