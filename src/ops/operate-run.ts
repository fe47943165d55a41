import type { RunReport } from '../pipeline/ingest.js'
import type { Logger } from '../pipeline/logger.js'
import { count } from '../plural.js'
import type { Store } from '../store/database.js'
import { linkStatusPage, needsNotification, notifyRun } from './notify-run.js'
import { pruneRunFiles } from './prune-run-files.js'
import { failRunsOfProcess } from './run-history.repository.js'
import { withRunLock } from './run-lock.js'
import { summariseRun } from './summarise-run.js'

/** Options for {@link operateRun}. */
export interface OperateRunOptions {
  readonly store: Store
  readonly dataDir: string
  /** Archives and failed pages older than this many days are removed after the run; 0 keeps them. */
  readonly retentionDays: number
  readonly logger: Logger
  /** POST the report here when the run fails or a source fails, is blocked or degraded. */
  readonly notifyUrl?: string
  /** The status page the notification links to. */
  readonly statusUrl?: string
  /** Archives the run reads (replays): never pruned, like the run's own archive. */
  readonly keepFiles?: readonly string[]
  /** The run itself; called with the lock held. */
  readonly run: () => Promise<RunReport>
}

/**
 * Wraps one ingest in what nightly operation needs: the run lock (throws `RunLockedError` when another run holds
 * it), cleanup of old archives and failed pages, and a notification when the run went wrong. Neither cleanup nor
 * notification can change the run's outcome.
 */
export async function operateRun(options: OperateRunOptions): Promise<RunReport> {
  const { store, logger } = options
  return withRunLock(store, 'ingest', logger, async () => {
    let report: RunReport
    try {
      report = await options.run()
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const ids = await failRunsOfProcess(store, process.pid, message).catch(() => [])
      if (options.notifyUrl) {
        const runId = ids[0] ?? null
        const notification = {
          text: `Run ${runId ?? '?'} failed: ${message}`,
          status: 'failed',
          runId,
          report: null,
          error: message,
        }
        await notifyRun(options.notifyUrl, linkStatusPage(notification, options.statusUrl), { logger })
      }
      throw error
    }
    prune(options, report)
    if (options.notifyUrl && needsNotification(report)) {
      const notification = { text: summariseRun(report), status: report.status, runId: report.runId, report }
      await notifyRun(options.notifyUrl, linkStatusPage(notification, options.statusUrl), { logger })
    }
    return report
  })
}

function prune(options: OperateRunOptions, report: RunReport): void {
  const pruned = pruneRunFiles({
    dataDir: options.dataDir,
    retentionDays: options.retentionDays,
    keep: [report.archive, ...(options.keepFiles ?? [])],
  })
  if (pruned.removed.length > 0) {
    options.logger.info(
      `Removed ${count(pruned.removed.length, 'archive and failed-page file')} older than ${count(options.retentionDays, 'day')} (${(pruned.bytes / 1e6).toFixed(1)} MB)`,
      { runId: report.runId },
    )
  }
  for (const line of pruned.errors) options.logger.warn(`Could not remove ${line}`, { runId: report.runId })
}
