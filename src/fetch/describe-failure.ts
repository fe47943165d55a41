import { FetchError } from '../errors.js'

/** "1 attempt", "4 attempts": how error messages count tries. */
export const attempts = (n: number): string => `${n} attempt${n === 1 ? '' : 's'}`

/** The error for a request its signal stopped (the run ended, or its source gave up), with the reason. */
export function stopped(url: string, signal: AbortSignal): FetchError {
  const reason = signal.reason instanceof Error ? signal.reason.message : String(signal.reason)
  return new FetchError(`Stopped: ${reason}`, { url }, { cause: signal.reason })
}

/** One line for a transport error: timeouts say how long, network errors carry their cause ("ECONNREFUSED"). */
export function describeFailure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error)
  if (error.name === 'TimeoutError') return `Timed out after ${timeoutMs} ms`
  const cause =
    error.cause instanceof Error ? `: ${(error.cause as { code?: string }).code ?? error.cause.message}` : ''
  return `${error.message}${cause}`
}
