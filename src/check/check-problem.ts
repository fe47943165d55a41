import { BlockedError, BrowserUnavailableError, FetchError, RobotsDisallowedError } from '../errors.js'

/** The contract's checks a live page can fail, each a kind of problem `sources check` reports. */
export type CheckKind =
  | 'robots'
  | 'browser'
  | 'blocked'
  | 'http-status'
  | 'fetch'
  | 'layout'
  | 'no-results'
  | 'rejected'
  | 'empty-field'
  | 'off-host'

/** One thing wrong with the live site against the contract: one line of `sources check`. */
export interface CheckProblem {
  readonly check: CheckKind
  readonly message: string
}

/**
 * What a failed fetch of the first list page says about the source: a missing browser, a block, an HTTP status,
 * robots.txt, or a request that never got an answer. Anything else is a bug of ours, and is thrown on.
 */
export function fetchProblem(error: unknown, url: string): CheckProblem {
  if (error instanceof BrowserUnavailableError)
    return { check: 'browser', message: `the source renders its pages in Chromium: ${error.message}` }
  if (error instanceof BlockedError) return { check: 'blocked', message: `${error.message} at ${url}` }
  if (error instanceof RobotsDisallowedError) return { check: 'robots', message: error.message }
  if (error instanceof FetchError) {
    const status = error.context.status
    return typeof status === 'number'
      ? { check: 'http-status', message: `${error.message} at ${url}` }
      : { check: 'fetch', message: `${error.message} at ${url}` }
  }
  throw error
}
