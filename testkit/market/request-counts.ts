/** What a request to the market asked for. */
export type RequestKind = 'list' | 'detail' | 'robots'

/** Requests by host, kind and the status they were answered with: `counts['www.funda.nl'].detail[304]`. */
export type RequestCounts = Record<string, Partial<Record<RequestKind, Record<number, number>>>>

/** Adds one request to `counts`. */
export function countRequest(counts: RequestCounts, host: string, kind: RequestKind, status: number): void {
  counts[host] ??= {}
  const statuses = counts[host][kind] ?? {}
  statuses[status] = (statuses[status] ?? 0) + 1
  counts[host][kind] = statuses
}

/** How many requests of `kind` (every kind when absent) `host` answered with `status` (any when absent). */
export function requestsOf(counts: RequestCounts, host: string, kind?: RequestKind, status?: number): number {
  const kinds = counts[host] ?? {}
  let total = 0
  for (const [k, statuses] of Object.entries(kinds)) {
    if (kind && k !== kind) continue
    for (const [s, n] of Object.entries(statuses))
      if (status === undefined || Number(s) === status) total += n
  }
  return total
}
