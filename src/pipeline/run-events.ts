import type { SourceRunStatus } from './source-health.js'

/** What a run reports while it works: progress bars, JSON log lines and metrics are built from these. */
export type RunEvent =
  | {
      readonly type: 'run-start'
      readonly runId: number
      readonly sources: readonly string[]
      readonly mode: string
    }
  | { readonly type: 'source-start'; readonly runId: number; readonly source: string }
  | {
      readonly type: 'page'
      readonly runId: number
      readonly source: string
      readonly url: string
      readonly label: 'list' | 'detail'
      readonly ok: boolean
    }
  | { readonly type: 'listing'; readonly runId: number; readonly source: string }
  | { readonly type: 'reject'; readonly runId: number; readonly source: string; readonly reason: string }
  | {
      readonly type: 'source-end'
      readonly runId: number
      readonly source: string
      readonly status: SourceRunStatus
      readonly message: string | null
    }
  | {
      readonly type: 'stage'
      readonly runId: number
      /** The steps of publishing; `publish` is the whole of it, the others its parts. */
      readonly stage: 'dedupe' | 'merge' | 'valuate' | 'publish'
      readonly ms: number
    }
  | { readonly type: 'run-end'; readonly runId: number; readonly status: string; readonly exitCode: number }
