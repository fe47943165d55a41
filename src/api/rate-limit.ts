import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** The outcome of counting one request against a limit. */
export interface LimitDecision {
  readonly exceeded: boolean
  readonly limit: number
  readonly remaining: number
  /** Seconds until the window resets. */
  readonly resetSeconds: number
}

/** Counts a request; one limiter per policy. */
export type Limiter = (request: FastifyRequest) => Promise<LimitDecision>

/** Builds a limiter on @fastify/rate-limit's store: `max` requests per `windowMs` per `keyOf(request)`. */
export function createLimiter(
  app: FastifyInstance,
  max: number,
  windowMs: number,
  keyOf: (request: FastifyRequest) => string,
): Limiter {
  const limit = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: keyOf })
  return async (request) => {
    const result = await limit(request)
    if (result.isAllowed) return { exceeded: false, limit: max, remaining: max, resetSeconds: 0 }
    return {
      exceeded: result.isExceeded,
      limit: result.max,
      remaining: result.remaining,
      resetSeconds: result.ttlInSeconds,
    }
  }
}

/** The state of a budget nothing was counted against: the whole limit left, a fresh window ahead. */
export function fullBudget(limit: number, windowSeconds: number): LimitDecision {
  return { exceeded: false, limit, remaining: limit, resetSeconds: windowSeconds }
}

/**
 * Sets the IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers, structured-field form) and, when the
 * limit is exceeded, `Retry-After`.
 */
export function setRateLimitHeaders(
  reply: FastifyReply,
  policy: string,
  decision: LimitDecision,
  windowSeconds: number,
): void {
  reply.header('RateLimit-Policy', `"${policy}";q=${decision.limit};w=${windowSeconds}`)
  reply.header('RateLimit', `"${policy}";r=${decision.remaining};t=${decision.resetSeconds}`)
  if (decision.exceeded) reply.header('Retry-After', String(Math.max(1, decision.resetSeconds)))
}
