const UNIT_MS = { h: 3_600_000, m: 60_000, s: 1_000 } as const

/**
 * Parses a duration such as `90m`, `2h`, `1h30m` or `3600s` into milliseconds; throws a message that says
 * what was expected when the text is anything else.
 */
export function parseDuration(text: string): number {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text.trim())
  const ms = match
    ? Number(match[1] ?? 0) * UNIT_MS.h +
      Number(match[2] ?? 0) * UNIT_MS.m +
      Number(match[3] ?? 0) * UNIT_MS.s
    : 0
  if (!match || ms <= 0) {
    throw new Error(`Expected a duration like 90m, 2h, 1h30m or 3600s, got ${JSON.stringify(text)}`)
  }
  return ms
}
