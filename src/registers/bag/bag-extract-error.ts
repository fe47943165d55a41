/**
 * An extract (or one file in it) cannot be read: malformed XML, bad UTF-8, a broken zip. The message starts with
 * `file:line:column` so an operator can open the spot directly.
 */
export class BagExtractError extends Error {
  /** Matches `InvalidInputError` in src/errors.ts, which sources may not import directly (only via the kit). */
  readonly code = 'INVALID_INPUT' as const
  readonly file: string
  readonly line: number | null
  readonly column: number | null
  /** Character offset in the decoded file, when the line is not known (yet). */
  readonly offset: number | null
  /** The problem without the location prefix. */
  readonly reason: string
  readonly context: Readonly<Record<string, unknown>>

  constructor(
    reason: string,
    where: { file: string; line?: number | null; column?: number | null; offset?: number | null },
    options?: ErrorOptions,
  ) {
    const line = where.line ?? null
    const column = where.column ?? null
    const offset = where.offset ?? null
    let at = where.file
    if (line !== null) at += `:${line}${column === null ? '' : `:${column}`}`
    else if (offset !== null) at += ` (character ${offset})`
    super(`${at}: ${reason}`, options)
    this.name = 'BagExtractError'
    this.file = where.file
    this.line = line
    this.column = column
    this.offset = offset
    this.reason = reason
    this.context = { file: where.file, line, column, offset }
  }
}
