import type { Logger } from '../pipeline/logger.js'
import type { RunEvent } from '../pipeline/run-events.js'
import { plural } from '../plural.js'
import {
  applyRunEvent,
  crawlDone,
  createRunProgress,
  pagesPerSecond,
  type RunProgress,
} from './run-progress.js'

/** Where the TTY progress draws: stderr, or a fake with the same two members in tests. */
export interface ProgressStream {
  write(text: string): unknown
  readonly columns?: number
}

/** Options for {@link createTtyProgress}. */
export interface TtyProgressOptions {
  readonly stream: ProgressStream
  /** Print debug lines (every failed page, every reject) above the bars. @default false */
  readonly verbose?: boolean
  /** Redraw at most this often; 0 redraws on every event (tests). @default 100 */
  readonly redrawMs?: number
  /** A monotonic clock in ms. @default performance.now */
  readonly now?: () => number
}

/** Live progress in a terminal: a logger whose lines scroll above the bars, and the event sink that feeds them. */
export interface TtyProgress {
  readonly logger: Logger
  onEvent(event: RunEvent): void
  /** Draws the final state and stops redrawing. */
  close(): void
}

const UP = (n: number) => `\x1b[${n}A`
const CLEAR_BELOW = '\x1b[J'
const DIM = (s: string) => `\x1b[2m${s}\x1b[22m`
/** SGR colour per status; anything not listed (a new status) is drawn plain. */
const STATUS_COLOUR: Readonly<Record<string, string>> = {
  waiting: '2',
  running: '36',
  ok: '32',
  skipped: '2',
  stopped: '33',
  degraded: '33',
  failed: '31',
  blocked: '31',
}

/**
 * Per-source bars (pages, listings, rejects, errors, rate) and the stages after the crawl, redrawn in place with
 * ANSI cursor movement: the block is erased and written again, and log lines are printed above it.
 */
export function createTtyProgress(options: TtyProgressOptions): TtyProgress {
  const { stream } = options
  const now = options.now ?? (() => performance.now())
  const redrawMs = options.redrawMs ?? 100
  const progress = createRunProgress()
  let drawn = 0
  let timer: NodeJS.Timeout | undefined
  let closed = false

  const erase = () => {
    if (drawn > 0) stream.write(`${UP(drawn)}\r${CLEAR_BELOW}`)
    drawn = 0
  }
  const draw = () => {
    timer = undefined
    const width = Math.max(40, (stream.columns || 100) - 1) // 0 or undefined: width unknown
    // Lines are cut to the terminal width: a wrapped line would throw the cursor-up count off.
    const lines = renderProgress(progress, now()).map((line) => truncate(line, width))
    erase()
    if (lines.length > 0) stream.write(`${lines.join('\n')}\n`)
    drawn = lines.length
  }
  const schedule = (urgent: boolean) => {
    if (closed) return
    if (redrawMs === 0 || urgent) {
      if (timer) clearTimeout(timer)
      draw()
    } else timer ??= setTimeout(draw, redrawMs).unref()
  }
  const line = (text: string) => {
    erase()
    stream.write(`${text}\n`)
    if (!closed) draw()
  }

  return {
    logger: {
      debug: (m) => options.verbose && line(DIM(m)),
      info: (m) => line(m),
      warn: (m) => line(`\x1b[33mwarn\x1b[39m ${m}`),
      error: (m) => line(`\x1b[31merror\x1b[39m ${m}`),
    },
    onEvent(event) {
      applyRunEvent(progress, event, now())
      if (options.verbose && event.type === 'page' && !event.ok)
        line(DIM(`${event.source}: ${event.label} page failed: ${event.url}`))
      else if (options.verbose && event.type === 'reject')
        line(DIM(`${event.source}: rejected: ${event.reason}`))
      else schedule(event.type !== 'page' && event.type !== 'listing' && event.type !== 'reject')
    },
    close() {
      if (closed) return
      if (timer) clearTimeout(timer)
      draw()
      closed = true
      drawn = 0 // the final state stays on screen
    },
  }
}

/** The progress block as plain lines (plus colour codes): a header, one line per source, one for the stages. */
function renderProgress(progress: RunProgress, now: number): string[] {
  if (progress.runId === null) return []
  const elapsed = progress.startedAt === null ? 0 : (now - progress.startedAt) / 1000
  const lines = [`run ${progress.runId} · ${progress.mode} · ${elapsed.toFixed(1)} s`]
  const idWidth = Math.max(10, ...[...progress.sources.keys()].map((id) => id.length + 2))
  for (const s of progress.sources.values()) {
    const status = `\x1b[${STATUS_COLOUR[s.status] ?? '39'}m${s.status.padEnd(8)}\x1b[0m`
    const counts =
      s.status === 'waiting'
        ? ''
        : `${String(s.pages).padStart(6)} ${plural(s.pages, 'page').padEnd(5)} ` +
          `${String(s.listings).padStart(7)} ${plural(s.listings, 'listing').padEnd(8)} ` +
          `${String(s.rejected).padStart(4)} rejected ${String(s.errors).padStart(4)} ${plural(s.errors, 'error').padEnd(6)} ` +
          `${pagesPerSecond(s, now).toFixed(1).padStart(6)} pages/s`
    const why = s.message && s.status !== 'ok' ? `  ${s.message}` : ''
    lines.push(`  ${s.id.padEnd(idWidth)}${status} ${counts}${why}`)
  }
  lines.push(`  ${'stages'.padEnd(idWidth)}${renderStages(progress)}`)
  return lines
}

function renderStages(progress: RunProgress): string {
  const done = [...progress.sources.values()].filter((s) => s.endedAt !== null).length
  const crawl = crawlDone(progress) ? 'crawl done' : `crawl ${done}/${progress.sources.size} sources done`
  const after = progress.stages.map((s) => `${s.name} ${Math.round(s.ms)} ms`)
  const publishing =
    crawlDone(progress) && progress.stages.length === 0 && !progress.end ? ['publishing…'] : []
  const end = progress.end ? [`run ${progress.end.status} (exit ${progress.end.exitCode})`] : []
  return [crawl, ...after, ...publishing, ...end].join(' · ')
}

/** Cuts a line to `width` visible characters, leaving colour codes intact. */
function truncate(line: string, width: number): string {
  let visible = 0
  let out = ''
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\x1b') {
      const end = line.indexOf('m', i)
      out += line.slice(i, end + 1)
      i = end
      continue
    }
    if (visible >= width) continue
    out += line[i]
    visible += 1
  }
  return out
}
