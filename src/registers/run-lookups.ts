import { BlockedError, FetchError, RobotsDisallowedError } from '../errors.js'
import type { Fetcher, FetchRequest, FetchResponse } from '../fetch/index.js'
import type { Politeness } from '../kit/adapter.js'

/** What a run's look-ups at one register did. */
export interface RegisterLookupReport {
  /** Homes that lacked the register's fact and were due for a look-up (at most the budget). */
  readonly candidates: number
  readonly lookedUp: number
  readonly found: number
  /** The register had nothing current for the home (404, no values, only expired labels). */
  readonly none: number
  /** Network errors and 5xx after retries: asked again next run. */
  readonly failed: number
  /** Homes whose register facts changed: their golden records are rewritten at the next publish. */
  readonly changed: number
  /** Why the look-ups ended before the candidates did (deadline, block, refused key), or null. */
  readonly stoppedBy: string | null
}

/** One look-up's result: what the register said, and whether a stored fact changed. */
export interface LookupOutcome {
  readonly outcome: 'found' | 'none'
  readonly changed: boolean
}

/** `stoppedBy` when the run's deadline or signal ended the look-ups. */
export const STOPPED_BY_RUN = 'the run was stopped (deadline or signal)'

/** A register that fails this many look-ups in a row is down: the rest waits for the next run. */
const MAX_FAILURES_IN_A_ROW = 5

/** Fetches a register's answer; null when it has none (404). Other errors propagate. */
export async function fetchRegister(
  fetcher: Fetcher,
  request: FetchRequest,
  politeness: Politeness,
): Promise<FetchResponse | null> {
  try {
    return await fetcher.fetch(request, politeness)
  } catch (error) {
    if (error instanceof FetchError && error.context.status === 404) return null
    throw error
  }
}

/**
 * Looks up each candidate in turn (the fetcher's per-host queue sets the pace) until the candidates, the run's
 * signal (its deadline) or the register's patience run out. `lookUp` fetches and stores one; `failed` records one
 * that errored, so it is asked again next run.
 */
export async function runLookups<C>(
  candidates: readonly C[],
  options: {
    readonly signal?: AbortSignal
    readonly lookUp: (candidate: C) => Promise<LookupOutcome>
    readonly failed: (candidate: C) => void
  },
): Promise<RegisterLookupReport> {
  const tally = { candidates: candidates.length, lookedUp: 0, found: 0, none: 0, failed: 0, changed: 0 }
  let stoppedBy: string | null = null
  let failuresInARow = 0
  for (const candidate of candidates) {
    if (options.signal?.aborted) {
      stoppedBy = STOPPED_BY_RUN
      break
    }
    try {
      const { outcome, changed } = await options.lookUp(candidate)
      tally.lookedUp += 1
      tally[outcome] += 1
      if (changed) tally.changed += 1
      failuresInARow = 0
    } catch (error) {
      stoppedBy = stopReason(error, options.signal)
      if (stoppedBy !== null) break
      tally.lookedUp += 1
      tally.failed += 1
      options.failed(candidate)
      if (++failuresInARow >= MAX_FAILURES_IN_A_ROW) {
        stoppedBy = `${MAX_FAILURES_IN_A_ROW} look-ups failed in a row (last: ${(error as Error).message})`
        break
      }
    }
  }
  return { ...tally, stoppedBy }
}

/** Errors that end all of this run's look-ups at a register, as one line; null for one that only fails one. */
function stopReason(error: unknown, signal: AbortSignal | undefined): string | null {
  if (signal?.aborted) return STOPPED_BY_RUN
  if (error instanceof BlockedError || error instanceof RobotsDisallowedError) return error.message
  if (error instanceof FetchError && (error.context.status === 401 || error.context.status === 403))
    return `the register refused the request (HTTP ${error.context.status}): check the API key`
  if (error instanceof FetchError || error instanceof SyntaxError) return null
  // Anything else is a bug or a database error: not the register's fault, and not to be swallowed.
  throw error
}
