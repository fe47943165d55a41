import type { FastifyReply, FastifyRequest } from 'fastify'
import { addVary } from './vary.js'

/** Request headers a page may send: the key and the conditional headers. */
const ALLOWED_HEADERS = 'X-API-Key, If-None-Match, If-Modified-Since'
/** Response headers a page may read beyond the safelisted ones (Cache-Control, Content-Type, Last-Modified, …). */
export const EXPOSED_HEADERS = 'ETag, RateLimit, RateLimit-Policy, Retry-After'
/** How long a browser may reuse a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600

/**
 * Cross-origin access for web pages on `origins` (`*`: any). A preflight is answered here, before the key check, as
 * browsers send it without one; with no allowed origin it gets no permission, so the browser keeps the page out.
 * Every other response to an allowed origin names it and exposes the caching and rate-limit headers, errors
 * included, so a page can read its 401 or 429.
 */
export function createCorsHook(origins: readonly string[]) {
  const anyOrigin = origins.includes('*')
  const allowed = new Set(origins)
  return async function cors(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const origin = request.headers.origin
    const permitted = typeof origin === 'string' && (anyOrigin || allowed.has(origin.toLowerCase()))
    // The answer depends on Origin unless every origin gets the same one.
    if (!anyOrigin && origins.length > 0) addVary(reply, 'Origin')
    if (permitted) reply.header('Access-Control-Allow-Origin', anyOrigin ? '*' : origin)
    if (isPreflight(request)) {
      if (permitted) {
        reply.header('Access-Control-Allow-Methods', 'GET, HEAD')
        reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        reply.header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE))
      }
      await reply.code(204).send()
      return
    }
    if (permitted) reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS)
  }
}

/** A CORS preflight: OPTIONS from a page, asking whether it may send another method. */
function isPreflight(request: FastifyRequest): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.origin !== undefined &&
    request.headers['access-control-request-method'] !== undefined
  )
}
