import { parseHttpDate } from '../http-date.js'

/** How the fetch layer retries: exponential backoff with full jitter, and how long to honour `Retry-After`. */
export interface RetryPolicy {
  /** Attempts after the first on network errors, timeouts, 408 and 5xx. @default 3 */
  readonly maxRetries: number
  /** The first backoff, doubled per attempt. @default 500 */
  readonly baseDelayMs: number
  /** Backoff never exceeds this. @default 30000 */
  readonly maxDelayMs: number
  /** A 429/503 that keeps coming back this many times means we are blocked. @default 6 */
  readonly maxThrottles: number
  /** A `Retry-After` longer than this is treated as a block rather than waited out. @default 300000 */
  readonly maxRetryAfterMs: number
}

/** The defaults documented on {@link RetryPolicy}. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxThrottles: 6,
  maxRetryAfterMs: 300_000,
})

/** Backoff before retry `attempt` (1-based): a random delay in [0, base·2^(attempt-1)], capped. */
export function backoffDelay(
  policy: RetryPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1))
  return Math.round(random() * ceiling)
}

/** How long to hold a host after a 429/503 without a usable `Retry-After`: the backoff, but never under the base. */
export function throttleDelay(
  policy: RetryPolicy,
  throttles: number,
  random: () => number = Math.random,
): number {
  return Math.max(policy.baseDelayMs, backoffDelay(policy, throttles, random))
}

/** Parses `Retry-After` (seconds or an HTTP date) into ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = parseHttpDate(trimmed)
  return date === null ? null : Math.max(0, date - now)
}

/** Statuses worth another attempt after a backoff: 408 and 5xx, except 501 (will never work) and 503 (a throttle). */
export const isRetryableStatus = (status: number): boolean =>
  status === 408 || (status >= 500 && status !== 501 && status !== 503)

/** Statuses that mean "slow down": wait as told, slow the host, do not count as a failure. */
export const isThrottleStatus = (status: number): boolean => status === 429 || status === 503
