import { afterEach } from 'vitest'
import {
  createFetcher,
  createHttpTransport,
  type FetchEvent,
  type Fetcher,
  type FetcherOptions,
} from '../../src/fetch/index.js'
import type { Politeness } from '../../src/kit/adapter.js'
import { type LocalSite, type Route, startLocalSite } from './local-site.js'

/** What the test fetcher sends: its first word is the robots.txt token. */
export const TEST_USER_AGENT = 'propdata/0.1 (+https://example.org/contact)'

/** Politeness that never gets in a test's way (the sleeps are simulated anyway). */
export const OPEN: Politeness = { concurrency: 4, intervalCap: Number.POSITIVE_INFINITY, interval: 0 }

/** A fetcher over real undici whose sleeps are recorded instead of waited, with every event kept. */
export interface TestFetcher {
  readonly fetcher: Fetcher
  readonly events: FetchEvent[]
  /** Every wait the fetcher asked for, in ms, in order: backoffs, Retry-After pauses, crawl-delays. */
  readonly sleeps: number[]
}

/** Local sites and fetchers for one test file, closed after each test. */
export function useHarness() {
  const closers: (() => Promise<void>)[] = []
  afterEach(async () => {
    await Promise.allSettled(closers.splice(0).map((close) => close()))
  })
  return {
    /** Starts a {@link LocalSite}; closed after the test. */
    async site(routes: Readonly<Record<string, Route>> = {}): Promise<LocalSite> {
      const site = await startLocalSite(routes)
      closers.push(site.close)
      return site
    },
    /** A {@link TestFetcher}; `options` override the defaults (a real undici transport, simulated sleep). */
    fetcher(options: Partial<FetcherOptions> = {}): TestFetcher {
      const events: FetchEvent[] = []
      const sleeps: number[] = []
      // Time passes only by the simulated sleeps, so a wait never depends on how long a request took on this box.
      let clock = 0
      const fetcher = createFetcher({
        http: createHttpTransport(),
        userAgent: TEST_USER_AGENT,
        sleep: async (ms) => {
          sleeps.push(ms)
          clock += ms
        },
        now: () => clock,
        onEvent: (event) => events.push(event),
        ...options,
      })
      closers.push(() => fetcher.close())
      return { fetcher, events, sleeps }
    },
    /** Runs `close` after the test. */
    onClose(close: () => Promise<void>): void {
      closers.push(close)
    },
  }
}
