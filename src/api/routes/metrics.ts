import type { FastifyInstance } from 'fastify'
import { type ApiMetrics, createApiMetrics } from '../metrics.js'

/**
 * `GET /metrics` (Prometheus text format, no key: bind the API to loopback or a private network, or block the
 * path at the proxy) and the hook that times every response. Register before the routes it should time.
 */
export function registerMetricsRoutes(app: FastifyInstance): ApiMetrics {
  const metrics = createApiMetrics({
    published: () => app.readModel.sync(),
    sources: () => app.readModel.store.sources(),
    caches: () => {
      const { listingResponses, propertyResponses } = app.readModel.stats()
      return { listings: listingResponses, properties: propertyResponses }
    },
  })
  // A callback hook, not an async one: it runs on every response, and a promise per request is measurable.
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL: unknown paths share one label, so scanners cannot explode the series.
    metrics.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
      request.apiKeyHash ? 'key' : 'anonymous',
    )
    done()
  })
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const body = await metrics.registry.metrics()
    return reply.type(metrics.registry.contentType).send(body)
  })
  return metrics
}
