import { z } from 'zod'

/** What zod tells an error function about one failed check: enough to write our own message. */
interface Issue {
  readonly code: string
  readonly input?: unknown
}

/**
 * An error function for one parameter: every message a client reads is written here and names the parameter, so
 * none of zod's own wording ("Too small: expected string to have >=1 characters") reaches a client. `byCode` words
 * the checks that have a message of their own; anything else states the rule.
 */
function messagesFor(name: string, rule: string, byCode: Record<string, string> = {}) {
  return (issue: Issue): string => {
    if (Array.isArray(issue.input)) return `${name} must be given only once`
    if (issue.input === undefined) return `${name} is required`
    return byCode[issue.code] ?? `${name} must be ${rule}`
  }
}

/** A number as a query string writes it: optional minus, digits, optional decimals. Nothing else is read as one. */
const NUMERAL = /^-?\d+(\.\d+)?$/

/**
 * Reads a numeral as a number and leaves anything else as it is, for the number schema to refuse: a query value is
 * text, but the parameter is a number, so its document says number and its checks (≥ 0, at most) speak of numbers.
 * "1e5", "0x10", " 12" and "" are not numerals.
 */
function numeral(value: unknown): unknown {
  if (typeof value !== 'string' || !NUMERAL.test(value)) return value
  const number = Number(value)
  // Digits beyond a double's range are still a number, larger (or smaller) than any limit.
  return Number.isFinite(number) ? number : Math.sign(number) * Number.MAX_VALUE
}

/** Text of 1 to `max` characters after trimming. */
export function textParameter(name: string, max: number) {
  const rule = `1–${max} characters`
  return z
    .string({ error: messagesFor(name, rule) })
    .trim()
    .min(1)
    .max(max)
}

/** One of a few words. */
export function choiceParameter<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  const rule = values.map((v) => `'${v}'`).join(' or ')
  return z.enum(values, { error: messagesFor(name, rule) })
}

/** A number from 0 to `max`, decimals allowed; `examples` show two in the message that states the rule. */
export function amountParameter(name: string, max: number, examples = '1500 or 1499.95') {
  return z.preprocess(
    numeral,
    z
      .number({
        error: messagesFor(name, `a number ≥ 0, as ${examples}`, {
          too_small: `${name} must be ≥ 0`,
          too_big: `${name} is too large: at most ${max}`,
        }),
      })
      .min(0)
      .max(max),
  )
}

/** A whole number from `min` to `max`; the document states `fallback`, the value taken when it is absent. */
export function wholeNumberParameter(name: string, min: number, max: number, fallback?: number) {
  return z.preprocess(
    numeral,
    z
      .number({
        error: (issue: Issue & { expected?: string }) =>
          issue.expected === 'int'
            ? `${name} must be a whole number`
            : messagesFor(name, `a whole number from ${min} to ${max}`, {
                too_small: `${name} must be at least ${min}`,
                too_big: `${name} is too large: at most ${max}`,
              })(issue),
      })
      .int()
      .min(min)
      .max(max)
      .meta(fallback === undefined ? {} : { default: fallback }),
  )
}

/** Text matching `pattern`, whose rule `rule` states in words. */
export function patternParameter(name: string, pattern: RegExp, rule: string) {
  return z.string({ error: messagesFor(name, rule) }).regex(pattern)
}

/** A calendar date, `YYYY-MM-DD` (RFC 3339's full-date): one that exists, so 2026-02-30 is refused. */
export function dateParameter(name: string) {
  return z.iso.date({ error: messagesFor(name, 'a date as YYYY-MM-DD, as 2026-11-01') })
}
