import type { RunReport } from '../pipeline/ingest.js'
import type { Logger } from '../pipeline/logger.js'

/** What `--notify` POSTs: `text` is one line (chat webhooks show it as is), `report` the whole run report. */
export interface RunNotification {
  readonly text: string
  readonly status: string
  readonly runId: number | null
  /** Null when the run threw before it could report; `error` says why. */
  readonly report: RunReport | null
  readonly error?: string
  /** The status page, when `PROPDATA_STATUS_URL` says where it is. */
  readonly statusUrl?: string
}

/** The notification with the status page linked: in `statusUrl`, and at the end of the one-line text. */
export function linkStatusPage(
  notification: RunNotification,
  statusUrl: string | undefined,
): RunNotification {
  if (!statusUrl) return notification
  return { ...notification, text: `${notification.text} (status: ${statusUrl})`, statusUrl }
}

/** The source statuses an operator must hear about: the source's data is going stale or cannot be trusted. */
const NEEDS_ATTENTION = new Set(['failed', 'blocked', 'degraded'])

/** Whether a run deserves a notification: it failed, or some source failed, was blocked or is degraded. */
export function needsNotification(report: Pick<RunReport, 'status' | 'sources'>): boolean {
  return (
    report.status === 'failed' ||
    report.status === 'crashed' ||
    report.sources.some((s) => NEEDS_ATTENTION.has(s.status))
  )
}

/**
 * POSTs a notification as JSON. Never throws: a receiver that is down or slow is logged as a warning and the
 * run's exit code stays what the run earned. Returns whether the receiver accepted it (2xx).
 */
export async function notifyRun(
  url: string,
  notification: RunNotification,
  options: { logger: Logger; timeoutMs?: number },
): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'propdata-notify' },
      body: JSON.stringify(notification),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
    await response.body?.cancel()
    if (response.ok) {
      options.logger.info(`Notified ${url} (${response.status})`, { runId: notification.runId })
      return true
    }
    options.logger.warn(`Notification to ${url} was refused: HTTP ${response.status}`, {
      runId: notification.runId,
    })
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error)
    options.logger.warn(`Notification to ${url} failed: ${reason}`, { runId: notification.runId })
  }
  return false
}
