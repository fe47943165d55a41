import {
  BlockedError,
  BrowserUnavailableError,
  FetchError,
  PipelineError,
  RobotsDisallowedError,
} from '../errors.js'
import type { Politeness } from '../kit/adapter.js'
import type { ArchiveRecorder } from './archive/warc-recorder.js'
import { detectBlock } from './block-detection.js'
import { attempts, describeFailure, stopped } from './describe-failure.js'
import type { FetchEvent } from './fetch-event.js'
import { HostQueues } from './host-queue.js'
import { linkSignals } from './linked-signal.js'
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  isThrottleStatus,
  parseRetryAfter,
  type RetryPolicy,
  throttleDelay,
} from './retry-policy.js'
import { RobotsCache, type RobotsRules, robotsAgentOf, rulesFromResponse } from './robots.js'
import { sleep as realSleep } from './sleep.js'
import type { FetchRequest, FetchResponse, Sleep, Transport, TransportOptions } from './types.js'

/** Options for {@link createFetcher}. */
export interface FetcherOptions {
  readonly http: Transport
  /** Launches the browser; called once, on the first browser request. Absent when no browser may be used. */
  readonly browser?: () => Promise<Transport>
  /** Every response, including errors, is recorded here when set. */
  readonly recorder?: ArchiveRecorder
  /** Sent with every request; its first word is the robots.txt product token. */
  readonly userAgent: string
  /** @default true */
  readonly respectRobots?: boolean
  readonly retry?: Partial<RetryPolicy>
  /** Per attempt, from connect to the last byte (or the rendered DOM). @default 30000 */
  readonly timeoutMs?: number
  /** @default 20 MiB */
  readonly maxBodyBytes?: number
  /** Replaces real waiting (tests, and replays, which have no one to be polite to). */
  readonly sleep?: Sleep
  /** The clock politeness waits are measured on; tests pair a simulated one with `sleep`. @default Date.now */
  readonly now?: () => number
  /** Replays ignore the adapters' politeness, crawl-delays and Retry-After pauses: the archive is local. */
  readonly ignorePoliteness?: boolean
  /**
   * Multiplies the adapters' intervals and robots.txt crawl-delays (`PROPDATA_POLITENESS_SCALE`): 0 lets a simulated
   * market's night run at once, its length then computed from the requests it counted. @default 1
   */
  readonly politenessScale?: number
  /**
   * Fetches browser sources' pages over plain HTTP too (`PROPDATA_RENDER=http`): a simulated market serves them
   * server-rendered, and the origin map reaches only the HTTP transport. @default false
   */
  readonly renderOverHttp?: boolean
  /** Stops the whole run: queued requests are dropped, requests in flight aborted. */
  readonly signal?: AbortSignal
  readonly onEvent?: (event: FetchEvent) => void
}

/** Per-call options of {@link Fetcher.fetch}. */
export interface FetchCallOptions {
  /** Stops this request (a source that gave up): dropped from its queue if waiting, aborted if in flight. */
  readonly signal?: AbortSignal
}

/** Fetches pages politely: per-host queues, robots.txt, retries with backoff, Retry-After and block detection. */
export interface Fetcher {
  /**
   * A response with status < 400 (a 304 when the request's validators still name the page). Throws `FetchError`
   * (after retries, or when stopped), `BlockedError`, `RobotsDisallowedError` or `BrowserUnavailableError`.
   */
  fetch(request: FetchRequest, politeness: Politeness, options?: FetchCallOptions): Promise<FetchResponse>
  /**
   * The robots.txt rules that govern `url`: read once per origin, through the host's queue, as `fetch` reads them
   * before its first request there (so asking first costs no second request).
   */
  robots(url: string, politeness: Politeness): Promise<RobotsRules>
  /** Closes the transports (and the browser, if one was launched). Safe to call twice. */
  close(): Promise<void>
}

const UNLIMITED: Politeness = { concurrency: 16, intervalCap: Number.POSITIVE_INFINITY, interval: 0 }

/** What one request through the retry loop needs to know. */
interface Exchange {
  readonly request: FetchRequest
  readonly transport: Transport
  readonly politeness: Politeness
  readonly signal: AbortSignal
  /** Pages are checked for challenges; robots.txt is not (its status alone decides, RFC 9309). */
  readonly detectBlocks: boolean
}

/** Builds a {@link Fetcher} over the given transports. */
export function createFetcher(options: FetcherOptions): Fetcher {
  const sleep = options.sleep ?? realSleep
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry }
  const polite = options.ignorePoliteness !== true
  const scale = options.politenessScale ?? 1
  /** The adapter's politeness with its interval scaled; unchanged at the default scale of 1. */
  const scaled = (p: Politeness): Politeness => (scale === 1 ? p : { ...p, interval: p.interval * scale })
  const queues = new HostQueues({ sleep, now: options.now ?? Date.now })
  const timeoutMs = options.timeoutMs ?? 30_000
  const maxBodyBytes = options.maxBodyBytes ?? 20 * 1024 * 1024
  const agent = robotsAgentOf(options.userAgent)
  const emit = options.onEvent ?? (() => {})
  /** Hosts that blocked us in this run: nothing more is sent to them. */
  const blockedHosts = new Map<string, BlockedError>()
  let browser: Promise<Transport> | undefined
  let closed = false

  const transportFor = (request: FetchRequest): Promise<Transport> => {
    if (request.render !== 'browser' || options.renderOverHttp) return Promise.resolve(options.http)
    if (!options.browser) {
      return Promise.reject(
        new BrowserUnavailableError('This run has no browser for browser sources', { executablePath: null }),
      )
    }
    browser ??= options.browser().catch((error: unknown) => {
      if (error instanceof BrowserUnavailableError) throw error
      throw new BrowserUnavailableError(
        describeFailure(error, timeoutMs),
        { executablePath: null },
        { cause: error },
      )
    })
    return browser
  }

  /** One attempt through the host's queue; every response is recorded, whatever its status. */
  const attempt = (x: Exchange, host: string): Promise<FetchResponse> =>
    queues.run(
      host,
      polite ? scaled(x.politeness) : UNLIMITED,
      async () => {
        const started = performance.now()
        const transportOptions: TransportOptions = {
          signal: x.signal,
          userAgent: options.userAgent,
          timeoutMs,
          maxBodyBytes,
        }
        const response = await x.transport.fetch(x.request, transportOptions)
        emit({
          type: 'response',
          url: x.request.url,
          status: response.status,
          ms: performance.now() - started,
        })
        await options.recorder?.record(x.request, response)
        return response
      },
      x.signal,
    )

  const block = (host: string, url: string, message: string, context: { status: number; signal: string }) => {
    const error = new BlockedError(message, { url, ...context })
    blockedHosts.set(host, error)
    emit({ type: 'blocked', url, signal: context.signal })
    return error
  }

  /** The retry loop: backoff on network errors and 5xx, waits out 429/503, stops at a block. */
  const fetchWithRetries = async (x: Exchange): Promise<{ response: FetchResponse; attempts: number }> => {
    const { url } = x.request
    const host = new URL(url).host
    let retries = 0
    let throttles = 0
    const backOff = async (reason: string) => {
      retries += 1
      const delayMs = backoffDelay(policy, retries)
      emit({ type: 'retry', url, attempt: retries, delayMs, reason })
      await sleep(delayMs, x.signal).catch(() => {})
    }
    for (;;) {
      const earlier = blockedHosts.get(host)
      if (earlier) throw new BlockedError(`${earlier.message} (host blocked earlier in this run)`, { url })
      if (x.signal.aborted) throw stopped(url, x.signal)
      let response: FetchResponse
      try {
        response = await attempt(x, host)
      } catch (error) {
        if (x.signal.aborted) throw stopped(url, x.signal)
        if (error instanceof PipelineError) throw error
        if (retries >= policy.maxRetries) {
          const message = `${describeFailure(error, timeoutMs)} (${attempts(retries + 1)})`
          throw new FetchError(message, { url, attempts: retries + 1 }, { cause: error })
        }
        await backOff(describeFailure(error, timeoutMs))
        continue
      }
      const signal = x.detectBlocks ? detectBlock(response) : null
      if (signal) throw block(host, url, `Blocked by ${signal}`, { status: response.status, signal })
      if (isThrottleStatus(response.status)) {
        throttles += 1
        const retryAfter = parseRetryAfter(response.headers['retry-after'])
        const waitMs = retryAfter ?? throttleDelay(policy, throttles)
        if (throttles > policy.maxThrottles || waitMs > policy.maxRetryAfterMs) {
          const why =
            throttles > policy.maxThrottles
              ? `HTTP ${response.status} persists after ${policy.maxThrottles} waits`
              : `HTTP ${response.status} asks for a ${Math.round(waitMs / 1000)} s wait, longer than we wait out`
          throw block(host, url, why, { status: response.status, signal: 'throttled' })
        }
        // A throttle is not a failure: the site told us how to behave. Wait as asked, slowed down, and try again.
        const concurrency = polite ? queues.slowDown(host, waitMs) : (queues.concurrencyOf(host) ?? 0)
        emit({ type: 'throttled', url, status: response.status, waitMs, concurrency })
        continue
      }
      if (isRetryableStatus(response.status) && retries < policy.maxRetries) {
        await backOff(`HTTP ${response.status}`)
        continue
      }
      if (response.status < 400) queues.succeeded(host)
      return { response, attempts: retries + 1 }
    }
  }

  const robots = new RobotsCache()
  /** robots.txt through the host's own queue and retries; a browser source's is plain text, so undici reads it. */
  const loadRobots = async (robotsUrl: string, politeness: Politeness, signal: AbortSignal) => {
    let rules: RobotsRules
    try {
      const x: Exchange = {
        request: { url: robotsUrl },
        transport: options.http,
        politeness,
        signal,
        detectBlocks: false,
      }
      rules = rulesFromResponse(robotsUrl, (await fetchWithRetries(x)).response, agent)
    } catch (error) {
      if (!(error instanceof FetchError) || signal.aborted) throw error
      rules = rulesFromResponse(robotsUrl, null, agent, `unreachable (${error.message})`)
    }
    if (rules.crawlDelaySeconds && polite)
      queues.spaceOut(new URL(robotsUrl).host, rules.crawlDelaySeconds * 1000 * scale)
    return rules
  }

  return {
    async fetch(request, politeness, callOptions = {}) {
      if (closed) throw new FetchError('The fetcher is closed', { url: request.url })
      const linked = linkSignals([options.signal, callOptions.signal])
      try {
        return await fetchPage(request, politeness, linked.signal)
      } finally {
        linked.release()
      }
    },
    robots(url, politeness) {
      if (closed) return Promise.reject(new FetchError('The fetcher is closed', { url }))
      const signal = options.signal ?? new AbortController().signal
      return robots.rulesFor(url, (u) => loadRobots(u, politeness, signal))
    },
    async close() {
      if (closed) return
      closed = true
      const launched = browser
      browser = undefined
      await Promise.allSettled([options.http.close(), launched?.then((b) => b.close())])
    },
  }

  async function fetchPage(request: FetchRequest, politeness: Politeness, signal: AbortSignal) {
    // The transport first: a source that needs a missing browser stops before anything is sent.
    const transport = await transportFor(request)
    if (options.respectRobots !== false) {
      const rules = await robots.rulesFor(request.url, (u) => loadRobots(u, politeness, signal))
      if (!rules.isAllowed(request.url)) {
        throw new RobotsDisallowedError(request.url, rules.disallowAllBecause ?? 'robots.txt disallows it')
      }
    }
    // The browser renders the page whole: it cannot send validators, and what it returns is not the bytes they
    // name. It is given none, so that neither it nor the archive claims a conditional request.
    const sent = transport === options.http ? request : { ...request, validators: undefined }
    const x: Exchange = { request: sent, transport, politeness, signal, detectBlocks: true }
    const { response, attempts: tries } = await fetchWithRetries(x)
    if (response.status >= 400) {
      const message = `HTTP ${response.status}${tries > 1 ? ` (${attempts(tries)})` : ''}`
      throw new FetchError(message, { url: request.url, status: response.status, attempts: tries })
    }
    return response
  }
}
