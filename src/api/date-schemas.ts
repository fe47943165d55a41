import { z } from 'zod'

/**
 * The API's two kinds of time, one format each, so that a client parses every field of a kind alike and the document
 * says which it is (`format: date`, `format: date-time`).
 */

/** A calendar date, `YYYY-MM-DD` (RFC 3339 full-date): a day a source or register states, a reference date. */
export const dateSchema = () => z.iso.date()

/** A moment, ISO 8601 with its zone (RFC 3339 date-time), as `2026-11-29T01:00:00.000Z`: what this service did when. */
export const timestampSchema = () => z.iso.datetime({ offset: true })

const DATE = dateSchema()

/**
 * The calendar date `text` starts with (`2024-05-08` of `2024-05-08+02:00` or of a timestamp), or null when it does not
 * start with one: for dates a file states, which the API serves only as dates.
 */
export function calendarDate(text: string | null): string | null {
  const date = text?.slice(0, 10) ?? null
  return date !== null && DATE.safeParse(date).success ? date : null
}
