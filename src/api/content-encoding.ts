/** The content codings the API compresses with, best first: brotli is smaller than gzip for the same work. */
export const CODINGS = ['br', 'gzip'] as const

/** A content coding the API can send. */
export type Coding = (typeof CODINGS)[number]

/** RFC 9110 §12.4.2: a qvalue is 0 to 1 with at most three decimals. */
const QVALUE = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/

/**
 * The coding to answer with under `Accept-Encoding` (RFC 9110 §12.5.3): the acceptable one with the highest
 * weight, brotli on a tie; null for none (no header, no coding we have, or every one weighted 0). `*` stands for
 * every coding not named; a member whose weight is not a qvalue is ignored.
 */
export function negotiateCoding(acceptEncoding: string | undefined): Coding | null {
  if (!acceptEncoding) return null
  const weights = new Map<string, number>()
  for (const member of acceptEncoding.split(',')) {
    const [name, ...params] = member.split(';').map((part) => part.trim())
    if (!name) continue
    let weight = 1
    for (const param of params) {
      const [key, value] = param.split('=').map((part) => part.trim())
      if (key?.toLowerCase() === 'q') weight = value !== undefined && QVALUE.test(value) ? Number(value) : -1
    }
    if (weight >= 0) weights.set(name.toLowerCase(), weight)
  }
  let best: Coding | null = null
  let bestWeight = 0
  for (const coding of CODINGS) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0
    if (weight > bestWeight) {
      best = coding
      bestWeight = weight
    }
  }
  return best
}
