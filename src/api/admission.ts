import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.js'
import { createKeyChecker } from './api-keys.js'
import { problem, sendProblem } from './problem.js'
import { createLimiter, fullBudget, setRateLimitHeaders } from './rate-limit.js'
import type { ReadStore } from './read-store.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The SHA-256 of the caller's valid key; set when the request is admitted. */
    apiKeyHash: string
  }
}

const WINDOW_MS = 60_000

/** Admits a /v1 request or answers it: true when it may go on, false when a 401 or 429 was sent. */
export type Admission = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>

/**
 * The key check and rate limit of every /v1 request, before anything else about it is looked at (its URL,
 * parameters or path), so an unknown key learns nothing: a missing or invalid key is a 401, always; a valid key over
 * its limit a 429. Both set the RateLimit headers, as every /v1 answer does.
 */
export function createAdmission(
  app: FastifyInstance,
  store: ReadStore,
  config: Pick<Config, 'envApiKeys' | 'rateLimitPerMinute'>,
): Admission {
  const keys = createKeyChecker(store.keyIsActive, config.envApiKeys)
  const perKey = createLimiter(app, config.rateLimitPerMinute, WINDOW_MS, (r) => `key:${r.apiKeyHash}`)
  // A request without a valid key counts against no budget: it is always a 401 (never a 429, whatever arrives from
  // its address), and says so with the policy a key would get. Keys are 256-bit random, so guessing needs no throttle.
  const unkeyed = fullBudget(config.rateLimitPerMinute, WINDOW_MS / 1000)
  return async (request, reply) => {
    const header = request.headers['x-api-key']
    const hash = await keys.check(Array.isArray(header) ? undefined : header)
    if (!hash) {
      setRateLimitHeaders(reply, 'default', unkeyed, WINDOW_MS / 1000)
      await sendProblem(reply, problem(401, 'A valid X-API-Key header is required'))
      return false
    }
    request.apiKeyHash = hash
    const decision = await perKey(request)
    setRateLimitHeaders(reply, 'default', decision, WINDOW_MS / 1000)
    if (!decision.exceeded) return true
    await sendProblem(reply, problem(429, `Rate limit of ${decision.limit} requests a minute exceeded`))
    return false
  }
}
