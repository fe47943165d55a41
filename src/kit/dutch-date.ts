/** yyyy-mm-dd in the Netherlands (the en-CA locale writes dates in that order), by the time-zone database's rules. */
const AMSTERDAM_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/**
 * The calendar date in the Netherlands at a moment, `yyyy-mm-dd`: Europe/Amsterdam's own rules (CET in winter, CEST
 * from the last Sunday of March to the last Sunday of October), not a fixed offset. "2026-09-21T22:01:00Z" is
 * 22 September there.
 */
export function dutchDate(moment: Date): string {
  return AMSTERDAM_DATE.format(moment)
}

/** A calendar date (`yyyy-mm-dd`) moved by whole days; calendar arithmetic, so no time zone enters it. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`)
  moved.setUTCDate(moved.getUTCDate() + days)
  return moved.toISOString().slice(0, 10)
}
