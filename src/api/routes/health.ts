import type { FastifyInstance } from 'fastify'
import { problem, sendProblem } from '../problem.js'
import { healthSchema, problemSchema } from '../schemas.js'

/**
 * `GET /healthz`: no key, no database work beyond the generation check; the ceiling benchmarks compare against. A
 * server with nothing published (generation 0: a new or wrong database file) is not healthy, so monitoring notices.
 */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'checkHealth',
        tags: ['Health'],
        security: [],
        summary: 'Check that the server has data to serve',
        description:
          'No key. 503 while nothing is published (a new database, or the wrong file), so monitoring notices.',
        response: { 200: healthSchema, 503: problemSchema },
      },
    },
    async (_request, reply) => {
      const published = app.readModel.sync()
      if (published.generation === 0)
        return sendProblem(
          reply,
          problem(503, 'Nothing is published in this database yet: run an ingest, or serve the right file'),
        )
      reply.type('application/json')
      return JSON.stringify({
        status: 'ok',
        generation: published.generation,
        published_at: published.publishedAt,
      })
    },
  )
}
