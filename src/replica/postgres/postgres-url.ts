/** The URL with its password hidden: what messages and logs may show. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@')
  }
}

/** Why `url` cannot name a PostgreSQL database, or null when it can. */
export function postgresUrlProblem(url: string): string | null {
  if (!/^postgres(ql)?:\/\//i.test(url)) return `${redactedUrl(url)} is not a postgres:// URL`
  try {
    const parsed = new URL(url)
    if (!parsed.hostname && !parsed.searchParams.get('host')) return `${redactedUrl(url)} names no host`
  } catch {
    return `${redactedUrl(url)} is not a valid URL`
  }
  return null
}

/** A one-line reason a connection failed: pg's message, or the system's code when it has none (a refused port). */
export function connectionFailure(url: string, error: unknown): string {
  const e = error as { message?: string; code?: string; errors?: { message?: string }[] }
  const reason = e.message || e.errors?.[0]?.message || e.code || String(error)
  return `cannot connect to PostgreSQL at ${redactedUrl(url)}: ${reason.split('\n')[0]}`
}
