import pino, { type DestinationStream, type Level } from 'pino'
import type { Logger } from '../pipeline/logger.js'
import type { RunEvent } from '../pipeline/run-events.js'
import { applyRunEvent, createRunProgress, pagesPerSecond, type SourceProgress } from './run-progress.js'

/** Options for {@link createJsonRunLog}. */
export interface JsonRunLogOptions {
  /** @default stderr, written synchronously so no line is lost when the process exits */
  readonly stream?: DestinationStream
  /** `debug` adds every failed page and reject; `error` is `--quiet`. @default 'info' */
  readonly level?: Level | 'silent'
  /** A `progress` line per running source this often; 0 turns them off. @default 60000 */
  readonly progressEveryMs?: number
}

/** Structured logs for runs outside a terminal: a {@link Logger}, the event sink, and `close` to stop the ticker. */
export interface JsonRunLog {
  readonly logger: Logger
  onEvent(event: RunEvent): void
  close(): void
}

/**
 * One JSON object per line (pino), every line after `run-start` carrying `runId`, in place of progress bars:
 * what a nightly job's journal or log shipper wants.
 */
export function createJsonRunLog(options: JsonRunLogOptions = {}): JsonRunLog {
  const base = pino(
    {
      name: 'propdata',
      level: options.level ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime, // readable in a journal without a converter
    },
    options.stream ?? pino.destination({ fd: 2, sync: true }),
  )
  let log = base
  const progress = createRunProgress()
  const now = () => performance.now()
  const everyMs = options.progressEveryMs ?? 60_000
  let ticker: NodeJS.Timeout | undefined

  const counts = (s: SourceProgress) => ({
    source: s.id,
    pages: s.pages,
    listings: s.listings,
    rejected: s.rejected,
    errors: s.errors,
    pagesPerSecond: Math.round(pagesPerSecond(s, now()) * 10) / 10,
  })
  const tick = () => {
    for (const s of progress.sources.values())
      if (s.status === 'running') log.info({ event: 'progress', ...counts(s) }, `${s.id}: progress`)
  }

  // Once bound, `runId` would appear twice in a line whose fields carry it too (pino does not merge keys).
  const fieldsOf = (f: Record<string, unknown> | undefined) => {
    if (!f || progress.runId === null || f.runId !== progress.runId) return f ?? {}
    const { runId: _bound, ...rest } = f
    return rest
  }
  const logger: Logger = {
    debug: (m, f) => log.debug(fieldsOf(f), m),
    info: (m, f) => log.info(fieldsOf(f), m),
    warn: (m, f) => log.warn(fieldsOf(f), m),
    error: (m, f) => log.error(fieldsOf(f), m),
  }

  return {
    logger,
    onEvent(event) {
      applyRunEvent(progress, event, now())
      switch (event.type) {
        case 'run-start':
          log = base.child({ runId: event.runId })
          if (everyMs > 0) ticker = setInterval(tick, everyMs).unref()
          return
        case 'source-start':
          log.debug({ event: event.type, source: event.source }, `${event.source}: started`)
          return
        case 'page':
          if (!event.ok)
            log.debug(
              { event: 'page-failed', source: event.source, url: event.url, label: event.label },
              `${event.source}: ${event.label} page failed`,
            )
          return
        case 'reject':
          log.debug(
            { event: event.type, source: event.source, reason: event.reason },
            `${event.source}: listing rejected`,
          )
          return
        case 'source-end': {
          const source = progress.sources.get(event.source)
          const fields = { event: event.type, ...(source ? counts(source) : {}), status: event.status }
          if (event.status === 'ok') log.info(fields, `${event.source}: finished`)
          else log.warn({ ...fields, message: event.message }, `${event.source}: ${event.status}`)
          return
        }
        case 'stage':
          log.info({ event: event.type, stage: event.stage, ms: Math.round(event.ms) }, `${event.stage} done`)
          return
        case 'run-end':
          if (ticker) clearInterval(ticker)
          log[event.exitCode === 0 ? 'info' : 'warn'](
            { event: event.type, status: event.status, exitCode: event.exitCode },
            `run ${event.status}`,
          )
          return
        case 'listing':
          return // counted, and reported in progress lines
      }
    },
    close() {
      if (ticker) clearInterval(ticker)
      log.flush()
    },
  }
}
