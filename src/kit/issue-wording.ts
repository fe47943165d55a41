import type { z } from 'zod'

/** The parts of a zod issue that its wording needs; zod passes every issue to an error function in this shape. */
type Issue = z.core.$ZodRawIssue

/** What a value must be, in words, for zod's `expected` type names. */
const EXPECTED: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
}

/** What a format check wanted, in words. */
const FORMATS: Readonly<Record<string, string>> = {
  url: 'a web address (http or https)',
  date: 'a date (yyyy-mm-dd)',
}

const quoted = (input: unknown) => (typeof input === 'string' ? JSON.stringify(input) : String(input))

/**
 * Words a listing's issue in our own terms for rejects: "missing", "must be at most 200 characters", "is not a web
 * address". Every reason a reject gives is then one an operator can act on, in any source, and none of zod's own
 * wording ("Too small: expected string to have >=1 characters") reaches a run report. Issues that carry a message of
 * their own (the checks written in the listing schema) keep it.
 */
export function wordListingIssue(issue: Issue): string | undefined {
  const { input } = issue
  // Empty text is a value the site did not give, whatever the field's form.
  if (typeof input === 'string' && input.trim() === '' && issue.code !== 'custom') return 'missing'
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined || input === null) return 'missing'
      return `${quoted(input)} is not ${EXPECTED[issue.expected] ?? issue.expected}`
    case 'too_small':
      if (issue.origin === 'string') return `must be at least ${issue.minimum} characters`
      return `${quoted(input)} must be ${issue.inclusive === false ? 'more than' : 'at least'} ${issue.minimum}`
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`
      return `${quoted(input)} must be ${issue.inclusive === false ? 'less than' : 'at most'} ${issue.maximum}`
    case 'invalid_format':
      return `${quoted(input)} is not ${FORMATS[issue.format] ?? issue.format}`
    case 'invalid_value':
      return `${quoted(input)} is not one of ${issue.values.map((v) => String(v)).join(', ')}`
    default:
      return undefined
  }
}
