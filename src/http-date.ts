/** HTTP-dates (RFC 9110 §5.6.7): what Last-Modified and If-Modified-Since carry, and Retry-After may. */
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)'
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)'
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const MONTH = `(${MONTHS.join('|')})`
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})'

// RFC 9110 §5.6.7: the preferred IMF-fixdate and the two obsolete forms every recipient must still accept.
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`)
const RFC850_DATE = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`)
const ASCTIME_DATE = new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) ${TIME} (\\d{4})$`)

/** The HTTP-date (IMF-fixdate) of an ISO timestamp, to the second. */
export function formatHttpDate(iso: string): string {
  return new Date(iso).toUTCString()
}

/** A two-digit year more than 50 years ahead is in the past century (RFC 9110 §5.6.7). */
function fullYear(yy: string): string {
  const thisYear = new Date().getUTCFullYear()
  const year = Math.floor(thisYear / 100) * 100 + Number(yy)
  return String(year > thisYear + 50 ? year - 100 : year)
}

/** Day, month name, year, hours, minutes and seconds of an HTTP-date in any of its three forms. */
function fieldsOf(text: string): string[] | null {
  const imf = IMF_FIXDATE.exec(text)
  if (imf) return imf.slice(1)
  const rfc850 = RFC850_DATE.exec(text)
  if (rfc850) return [rfc850[1]!, rfc850[2]!, fullYear(rfc850[3]!), ...rfc850.slice(4)]
  const asctime = ASCTIME_DATE.exec(text)
  if (asctime) return [asctime[2]!.trim(), asctime[1]!, asctime[6]!, ...asctime.slice(3, 6)]
  return null
}

/** Milliseconds since the epoch of an HTTP-date, or null when the text is not one (or names a day that does not exist). */
export function parseHttpDate(text: string): number | null {
  const fields = fieldsOf(text)
  if (!fields) return null
  const [day, month, year, h, m, s] = fields.map((f, i) => (i === 1 ? MONTHS.indexOf(f) : Number(f))) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  if (h > 23 || m > 59 || s > 60) return null
  const ms = Date.UTC(year, month, day, h, m, Math.min(s, 59))
  // Date.UTC rolls 31 February over into March.
  return new Date(ms).getUTCDate() === day ? ms : null
}
