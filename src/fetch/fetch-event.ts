/** What happened on the wire, for progress, metrics and tests. */
export type FetchEvent =
  | { readonly type: 'response'; readonly url: string; readonly status: number; readonly ms: number }
  | {
      readonly type: 'retry'
      readonly url: string
      readonly attempt: number
      readonly delayMs: number
      readonly reason: string
    }
  | {
      readonly type: 'throttled'
      readonly url: string
      readonly status: number
      readonly waitMs: number
      /** The host's concurrency after slowing down. */
      readonly concurrency: number
    }
  | { readonly type: 'blocked'; readonly url: string; readonly signal: string }
