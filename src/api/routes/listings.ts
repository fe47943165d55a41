import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { notModified } from '../conditional.js'
import { listingsQuerySchema, listingsResponseSchema, problemSchema } from '../schemas.js'

/** `GET /v1/listings`: search the listings currently on offer. */
export function registerListingRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/listings',
    {
      schema: {
        summary: 'Search listings',
        description:
          'Listings currently on offer, one per home and offer type across every source. Filters combine with AND; newest first, ties by id; a page past the end is empty.',
        security: [{ ApiKeyAuth: [] }],
        querystring: listingsQuerySchema,
        response: { 200: listingsResponseSchema, 400: problemSchema, 401: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      const { sqlite } = app.readModel.store
      // One read transaction: the count and the page come from the same published generation.
      const body = sqlite.transaction(() => {
        const published = app.readModel.sync()
        return notModified(request, reply, published) ? null : app.readModel.listings(request.query)
      })()
      if (body === null) return reply
      return reply.type('application/json').send(body as never)
    },
  )
}
