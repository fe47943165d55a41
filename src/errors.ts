/**
 * The error taxonomy. Errors are classified by what the pipeline does next, not by where they happened:
 * retry the request, stop one source, reject one row, or answer an HTTP status.
 */
export type ErrorCode =
  | 'FETCH_FAILED'
  | 'BLOCKED'
  | 'BROWSER_UNAVAILABLE'
  | 'ROBOTS_DISALLOWED'
  | 'PARSE_FAILED'
  | 'LAYOUT_CHANGED'
  | 'INVALID_LISTING'
  | 'INVALID_INPUT'
  | 'INVALID_SITE_FILE'
  | 'NOT_FOUND'
  | 'BAD_REQUEST'
  | 'RUN_LOCKED'

/** Base class: a stable `code` and structured `context`; wrap causes with `{ cause }`. */
export class PipelineError extends Error {
  readonly code: ErrorCode
  readonly context: Readonly<Record<string, unknown>>
  constructor(
    code: ErrorCode,
    message: string,
    context: Record<string, unknown> = {},
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = new.target.name
    this.code = code
    this.context = context
  }
}

/** A request failed after its retries (network error, timeout, 5xx). The page is skipped and counted. */
export class FetchError extends PipelineError {
  constructor(
    message: string,
    context: { url: string; status?: number; attempts?: number },
    options?: ErrorOptions,
  ) {
    super('FETCH_FAILED', message, context, options)
  }
}

/** The site answered with a challenge, captcha or denial. The source stops and keeps its previous data. */
export class BlockedError extends PipelineError {
  constructor(
    message: string,
    context: { url: string; status?: number; signal?: string },
    options?: ErrorOptions,
  ) {
    super('BLOCKED', message, context, options)
  }
}

/** A browser source cannot run because no Chromium could be launched. The source is skipped, its data kept. */
export class BrowserUnavailableError extends PipelineError {
  constructor(message: string, context: { executablePath: string | null }, options?: ErrorOptions) {
    super('BROWSER_UNAVAILABLE', message, context, options)
  }
}

/** robots.txt forbids the URL (or could not be read: RFC 9309 then means "disallow all"); never fetched. */
export class RobotsDisallowedError extends PipelineError {
  constructor(url: string, why = 'robots.txt disallows it') {
    super('ROBOTS_DISALLOWED', `Not fetched, ${why}: ${url}`, { url })
  }
}

/** A page no longer matches the adapter. Never retried; the page is kept under data/failed/<source>/. */
export class ParseError extends PipelineError {
  constructor(message: string, context: { url: string } & Record<string, unknown>, options?: ErrorOptions) {
    super('PARSE_FAILED', message, context, options)
  }
}

/** A whole source yields nothing from pages that should hold listings: a failure, not an empty success. */
export class LayoutChangedError extends PipelineError {
  constructor(message: string, context: { url: string } & Record<string, unknown>) {
    super('LAYOUT_CHANGED', message, context)
  }
}

/** A file the user gave us (BAG extract, feed, label file) cannot be read as that format. */
export class InvalidInputError extends PipelineError {
  constructor(message: string, context: Record<string, unknown> = {}, options?: ErrorOptions) {
    super('INVALID_INPUT', message, context, options)
  }
}

/**
 * A declarative source's `source.yml` is broken: bad YAML, a missing or unknown key, a wrong value, an unknown preset.
 * Raised while the registry loads, so no command sends a request with a source that is half understood.
 */
export class SiteFileError extends PipelineError {
  constructor(message: string, context: { file: string }) {
    super('INVALID_SITE_FILE', message, context)
  }
}

/** Another run holds the lock. */
export class RunLockedError extends PipelineError {
  constructor(message: string, context: Record<string, unknown> = {}) {
    super('RUN_LOCKED', message, context)
  }
}

/** Turns anything thrown into a {@link PipelineError}, once per boundary, keeping the original as `cause`. */
export function toPipelineError(error: unknown, fallback: ErrorCode = 'FETCH_FAILED'): PipelineError {
  if (error instanceof PipelineError) return error
  const message = error instanceof Error ? error.message : String(error)
  return new PipelineError(fallback, message, {}, { cause: error })
}
