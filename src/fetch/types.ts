/** One HTTP request as the fetch layer sees it. */
export interface FetchRequest {
  readonly url: string
  /** @default 'GET' */
  readonly method?: 'GET' | 'POST'
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: string
  /** `browser` renders the page in Chromium and returns the resulting DOM as HTML. @default 'http' */
  readonly render?: 'http' | 'browser'
  /** The version of the page the caller already has: the server may answer 304 Not Modified instead of the page. */
  readonly validators?: Validators
}

/** What names a version of a page (RFC 9110 §8.8): its `ETag` and `Last-Modified`, null where none was sent. */
export interface Validators {
  readonly etag: string | null
  readonly lastModified: string | null
}

/** A response with its body decoded to text. */
export interface FetchResponse {
  /** The final URL, after redirects. */
  readonly url: string
  readonly status: number
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  readonly fetchedAt: string
  /** True when the body is a DOM rendered by the browser rather than the bytes the server sent. */
  readonly rendered: boolean
}

/** Per-request settings a transport must honour. */
export interface TransportOptions {
  /** Aborts the request: the run was stopped or the source gave up. */
  readonly signal: AbortSignal
  /** Honest, with a contact URL; adapters cannot override it. */
  readonly userAgent: string
  /** The whole exchange (connect, headers, body; for the browser, navigation and rendering) must end within this. */
  readonly timeoutMs: number
  /** Bodies larger than this are refused, so an HTML bomb cannot exhaust memory. */
  readonly maxBodyBytes: number
}

/** Moves bytes: undici, Chromium, or a recorded archive. Everything above it (queues, retries, robots) is shared. */
export interface Transport {
  readonly name: string
  fetch(request: FetchRequest, options: TransportOptions): Promise<FetchResponse>
  close(): Promise<void>
}

/** Waits `ms`, or rejects early with the signal's reason when it aborts. Injected so tests never really wait. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

/** The method, defaulted. */
export const methodOf = (request: FetchRequest): 'GET' | 'POST' => request.method ?? 'GET'
