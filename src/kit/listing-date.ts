const DUTCH_DATE = /^(\d{1,2})-(\d{1,2})-(\d{4})$/
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * The calendar date a listing was offered, as `yyyy-mm-dd`: from "21-10-2024", "2024-10-21" or a date-time
 * ("2026-09-18T00:00:00", "2026-09-18T13:18:54.31+02:00", where the date as written wins over the time zone).
 * Relative or unreadable texts ("3+ months", "Log in om te bekijken") give null.
 */
export function parseListingDate(text: string | null | undefined): string | null {
  const t = text?.trim() ?? ''
  if (t.length > 40) return null
  const dutch = DUTCH_DATE.exec(t)
  const [y, m, d] = dutch ? [dutch[3], dutch[2], dutch[1]] : (ISO_DATE.exec(t)?.slice(1, 4) ?? [])
  if (!y || !m || !d) return null
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`
  // Round-trips only when the day exists (no 31 February).
  return new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso) ? iso : null
}
