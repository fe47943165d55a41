import { BlockedError, FetchError, PipelineError, RobotsDisallowedError } from '../errors.js'
import type { Politeness } from '../kit/adapter.js'
import type { ArchiveRecorder } from './archive/warc-recorder.js'
import { detectBlock } from './block-detection.js'
import { HostQueues } from './host-queue.js'
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  isThrottleStatus,
  parseRetryAfter,
  type RetryPolicy,
} from './retry-policy.js'
import { type RobotsRules, robotsUrlFor, rulesFromResponse } from './robots.js'
import type { FetchRequest, FetchResponse, Transport, TransportOptions } from './types.js'

/** What happened on the wire, for progress, metrics and tests. */
export type FetchEvent =
  | { readonly type: 'response'; readonly url: string; readonly status: number; readonly ms: number }
  | {
      readonly type: 'retry'
      readonly url: string
      readonly attempt: number
      readonly delayMs: number
      readonly reason: string
    }
  | { readonly type: 'throttled'; readonly url: string; readonly waitMs: number }

/** Options for {@link createFetcher}. */
export interface FetcherOptions {
  readonly http: Transport
  /** Launched on the first browser request; absent when no browser is available. */
  readonly browser?: () => Promise<Transport>
  /** Every response, including errors, is recorded here when set. */
  readonly recorder?: ArchiveRecorder
  readonly userAgent: string
  /** @default true */
  readonly respectRobots?: boolean
  readonly retry?: Partial<RetryPolicy>
  /** Per request. @default 30000 */
  readonly timeoutMs?: number
  /** @default 20 MiB */
  readonly maxBodyBytes?: number
  /** Replaces real waiting (tests, and replays, which have no one to be polite to). */
  readonly sleep?: (ms: number) => Promise<void>
  /** Replays ignore the adapters' politeness: the archive is local. */
  readonly ignorePoliteness?: boolean
  readonly signal?: AbortSignal
  readonly onEvent?: (event: FetchEvent) => void
}

/** Fetches pages politely: per-host queues, robots.txt, retries with backoff, Retry-After and block detection. */
export interface Fetcher {
  /** Throws `FetchError` (after retries), `BlockedError` or `RobotsDisallowedError`. */
  fetch(request: FetchRequest, politeness: Politeness): Promise<FetchResponse>
  /** Closes the transports (and the browser, if one was launched). Safe to call twice. */
  close(): Promise<void>
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const UNLIMITED: Politeness = { concurrency: 16, intervalCap: Number.POSITIVE_INFINITY, interval: 0 }

/** Builds a {@link Fetcher} over the given transports. */
export function createFetcher(options: FetcherOptions): Fetcher {
  const sleep = options.sleep ?? realSleep
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry }
  const queues = new HostQueues(sleep)
  const robots = new Map<string, Promise<RobotsRules>>()
  const signal = options.signal ?? new AbortController().signal
  const transportOptions: TransportOptions = {
    signal,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxBodyBytes: options.maxBodyBytes ?? 20 * 1024 * 1024,
  }
  let browser: Promise<Transport> | undefined

  const transportFor = async (request: FetchRequest): Promise<Transport> => {
    if (request.render !== 'browser') return options.http
    if (!options.browser)
      throw new PipelineError('FETCH_FAILED', 'No browser is available for a browser source')
    browser ??= options.browser()
    return browser
  }

  /** One exchange through the host's queue; recorded whatever its status. */
  const exchange = async (request: FetchRequest, politeness: Politeness): Promise<FetchResponse> => {
    const host = new URL(request.url).host
    const transport = await transportFor(request)
    return queues.run(host, options.ignorePoliteness ? UNLIMITED : politeness, async () => {
      if (signal.aborted) throw new FetchError('Run stopped before the request started', { url: request.url })
      const started = performance.now()
      const response = await transport.fetch(request, transportOptions)
      options.onEvent?.({
        type: 'response',
        url: request.url,
        status: response.status,
        ms: performance.now() - started,
      })
      await options.recorder?.record(request, response)
      return response
    })
  }

  const rulesFor = (url: string, politeness: Politeness): Promise<RobotsRules> => {
    const host = new URL(url).host
    let rules = robots.get(host)
    if (!rules) {
      const robotsUrl = robotsUrlFor(url)
      rules = exchange({ url: robotsUrl }, politeness)
        .catch(() => null)
        .then((response) => {
          const parsed = rulesFromResponse(robotsUrl, response)
          if (parsed.crawlDelaySeconds) queues.spaceOut(host, parsed.crawlDelaySeconds * 1000)
          return parsed
        })
      robots.set(host, rules)
    }
    return rules
  }

  return {
    async fetch(request, politeness) {
      if (options.respectRobots !== false) {
        const rules = await rulesFor(request.url, politeness)
        if (!rules.isAllowed(request.url)) throw new RobotsDisallowedError(request.url)
      }
      let attempt = 0
      let throttles = 0
      for (;;) {
        let response: FetchResponse
        try {
          response = await exchange(request, politeness)
        } catch (error) {
          if (error instanceof PipelineError || signal.aborted) throw error
          if (attempt >= policy.maxRetries) {
            throw new FetchError(
              `${describe(error)} after ${attempt + 1} attempts`,
              { url: request.url, attempts: attempt + 1 },
              { cause: error },
            )
          }
          attempt += 1
          const delayMs = backoffDelay(policy, attempt)
          options.onEvent?.({ type: 'retry', url: request.url, attempt, delayMs, reason: describe(error) })
          await sleep(delayMs)
          continue
        }
        if (isThrottleStatus(response.status)) {
          throttles += 1
          const waitMs = parseRetryAfter(response.headers['retry-after']) ?? backoffDelay(policy, throttles)
          if (throttles > policy.maxThrottles || waitMs > policy.maxRetryAfterMs) {
            throw new BlockedError(
              `HTTP ${response.status} persists (asked to wait ${Math.round(waitMs / 1000)} s)`,
              {
                url: request.url,
                status: response.status,
                signal: 'throttled',
              },
            )
          }
          options.onEvent?.({ type: 'throttled', url: request.url, waitMs })
          queues.slowDown(new URL(request.url).host, waitMs)
          continue
        }
        const block = detectBlock(response)
        if (block) {
          throw new BlockedError(`Blocked by ${block}`, {
            url: request.url,
            status: response.status,
            signal: block,
          })
        }
        if (isRetryableStatus(response.status) && attempt < policy.maxRetries) {
          attempt += 1
          const delayMs = backoffDelay(policy, attempt)
          options.onEvent?.({
            type: 'retry',
            url: request.url,
            attempt,
            delayMs,
            reason: `HTTP ${response.status}`,
          })
          await sleep(delayMs)
          continue
        }
        if (response.status >= 400) {
          throw new FetchError(`HTTP ${response.status}`, {
            url: request.url,
            status: response.status,
            attempts: attempt + 1,
          })
        }
        return response
      }
    },
    async close() {
      const launched = browser
      browser = undefined
      await Promise.allSettled([options.http.close(), launched?.then((b) => b.close())])
    },
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
    return `${error.name === 'TimeoutError' ? 'Timed out' : error.message}${cause}`
  }
  return String(error)
}
