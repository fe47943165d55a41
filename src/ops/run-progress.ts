import type { RunEvent } from '../pipeline/run-events.js'
import type { SourceRunStatus } from '../pipeline/source-health.js'

/** One source's progress so far. */
export interface SourceProgress {
  readonly id: string
  status: 'waiting' | 'running' | SourceRunStatus
  startedAt: number | null
  endedAt: number | null
  pages: number
  /** Pages that could not be fetched or parsed. */
  errors: number
  listings: number
  rejected: number
  message: string | null
}

/** A run's progress, folded from its {@link RunEvent}s; both the TTY bars and the JSON log read it. */
export interface RunProgress {
  runId: number | null
  mode: string | null
  startedAt: number | null
  readonly sources: Map<string, SourceProgress>
  /** Finished stages after the crawl, in order, with their time. */
  readonly stages: { name: string; ms: number }[]
  end: { status: string; exitCode: number } | null
}

/** An empty progress, before `run-start`. */
export function createRunProgress(): RunProgress {
  return { runId: null, mode: null, startedAt: null, sources: new Map(), stages: [], end: null }
}

/** Folds one event into the progress; `now` is a monotonic clock in ms. */
export function applyRunEvent(progress: RunProgress, event: RunEvent, now: number): void {
  switch (event.type) {
    case 'run-start':
      progress.runId = event.runId
      progress.mode = event.mode
      progress.startedAt = now
      for (const id of event.sources) progress.sources.set(id, emptySource(id))
      return
    case 'source-start': {
      const source = sourceOf(progress, event.source)
      source.status = 'running'
      source.startedAt = now
      return
    }
    case 'page': {
      const source = sourceOf(progress, event.source)
      if (event.ok) source.pages += 1
      else source.errors += 1
      return
    }
    case 'listing':
      sourceOf(progress, event.source).listings += 1
      return
    case 'reject':
      sourceOf(progress, event.source).rejected += 1
      return
    case 'source-end': {
      const source = sourceOf(progress, event.source)
      source.status = event.status
      source.message = event.message
      source.endedAt = now
      return
    }
    case 'stage':
      progress.stages.push({ name: event.stage, ms: event.ms })
      return
    case 'run-end':
      progress.end = { status: event.status, exitCode: event.exitCode }
      return
  }
}

/** Pages a second over the source's crawl so far (or its whole crawl once it ended). */
export function pagesPerSecond(source: SourceProgress, now: number): number {
  if (source.startedAt === null) return 0
  const seconds = ((source.endedAt ?? now) - source.startedAt) / 1000
  return seconds > 0 ? source.pages / seconds : 0
}

/** Whether every source has ended, so the run is past its crawl. */
export function crawlDone(progress: RunProgress): boolean {
  return progress.sources.size > 0 && [...progress.sources.values()].every((s) => s.endedAt !== null)
}

function emptySource(id: string): SourceProgress {
  return {
    id,
    status: 'waiting',
    startedAt: null,
    endedAt: null,
    pages: 0,
    errors: 0,
    listings: 0,
    rejected: 0,
    message: null,
  }
}

function sourceOf(progress: RunProgress, id: string): SourceProgress {
  let source = progress.sources.get(id)
  if (!source) {
    source = emptySource(id)
    progress.sources.set(id, source)
  }
  return source
}
