import type { FastifyInstance } from 'fastify'

/** `GET /healthz`: no key, no database work beyond the generation check; the ceiling benchmarks compare against. */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const published = app.readModel.sync()
    reply.type('application/json')
    return JSON.stringify({
      status: 'ok',
      generation: published.generation,
      published_at: published.publishedAt,
    })
  })
}
