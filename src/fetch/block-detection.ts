import type { FetchResponse } from './types.js'

/** Challenge and denial pages that answer 200 (or 403) instead of the content: what gives each away. */
const BLOCK_SIGNALS: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  { name: 'funda-akamai-interstitial', pattern: /Je bent bijna op de pagina die je zoekt/i },
  { name: 'cloudflare-challenge', pattern: /<title>\s*(Even geduld|Just a moment)[.…]*\s*<\/title>/i },
  {
    name: 'cloudflare-challenge',
    pattern: /challenges\.cloudflare\.com\/cdn-cgi\/challenge-platform|cf-chl-/i,
  },
  { name: 'akamai-denial', pattern: /<title>\s*Access Denied\s*<\/title>[\s\S]{0,2000}Reference\s*#/i },
  { name: 'captcha', pattern: /g-recaptcha|h-captcha|px-captcha|captcha-delivery\.com/i },
]

/** Returns what identifies `response` as a challenge, denial or captcha page, or null when it looks genuine. */
export function detectBlock(response: FetchResponse): string | null {
  if (response.headers['cf-mitigated'] === 'challenge') return 'cloudflare-challenge (cf-mitigated header)'
  // Only the head of the page is searched: challenge pages are small, and real listing pages can be megabytes.
  const head = response.body.length > 200_000 ? response.body.slice(0, 200_000) : response.body
  for (const signal of BLOCK_SIGNALS) if (signal.pattern.test(head)) return signal.name
  if (response.status === 403) return 'http-403'
  return null
}
