import type { FetchResponse } from './types.js'

/** A challenge or denial page is small; a real listing page can be megabytes. Only this much is searched. */
const HEAD_BYTES = 200_000
/** Below this size a page with a captcha widget is a challenge; above it, a real page with a contact form. */
const CHALLENGE_PAGE_MAX = 50_000

interface BlockSignal {
  readonly name: string
  readonly pattern: RegExp
  /** The signal only counts on bodies shorter than this. @default unlimited */
  readonly maxLength?: number
}

/** Challenge and denial pages that answer 200 (or 403/503) instead of the content: what gives each away. */
const BLOCK_SIGNALS: readonly BlockSignal[] = [
  // Funda's Akamai Bot Manager interstitial, served with HTTP 200.
  { name: 'funda-akamai-interstitial', pattern: /Je bent bijna op de pagina die je zoekt/i },
  { name: 'cloudflare-challenge', pattern: /<title>\s*(Even geduld|Just a moment)[.…]*\s*<\/title>/i },
  {
    name: 'cloudflare-challenge',
    pattern: /challenges\.cloudflare\.com\/cdn-cgi\/challenge-platform|cf-chl-/i,
  },
  // Akamai's edge denial escapes its reference number: "Reference&#32;&#35;18&#46;…".
  {
    name: 'akamai-denial',
    pattern: /<title>\s*Access Denied\s*<\/title>[\s\S]{0,2000}(Reference(\s|&#32;)*(#|&#35;)|edgesuite)/i,
  },
  { name: 'captcha', pattern: /px-captcha|captcha-delivery\.com/i },
  { name: 'captcha', pattern: /g-recaptcha|h-captcha/i, maxLength: CHALLENGE_PAGE_MAX },
]

/** Returns what identifies `response` as a challenge, denial or captcha page, or null when it looks genuine. */
export function detectBlock(response: FetchResponse): string | null {
  if (response.headers['cf-mitigated'] === 'challenge') return 'cloudflare-challenge (cf-mitigated header)'
  const { body } = response
  const head = body.length > HEAD_BYTES ? body.slice(0, HEAD_BYTES) : body
  for (const signal of BLOCK_SIGNALS) {
    if (signal.maxLength !== undefined && body.length >= signal.maxLength) continue
    if (signal.pattern.test(head)) return signal.name
  }
  if (response.status === 403) return 'http-403'
  return null
}
