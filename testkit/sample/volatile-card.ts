import { createHash } from 'node:crypto'

/**
 * What real search cards carry beside the listing's facts, and which changes when nothing about the listing did:
 * the card's position on the page (Pararius and Huurwoningen number their titles `listing-title-N`), photo URLs
 * whose signed query string changes, the listing's age in words ("2 dagen geleden"), and badges that come and go
 * ("Nieuw" for the first days, "Uitgelicht" for the nights an agent pays for). The page writers print them so that
 * a crawl over the sample or the simulated market meets the same noise as on the real sites.
 */

/** The language a site prints its cards in. */
export type CardLanguage = 'nl' | 'en'

const DAY_MS = 86_400_000

/** A listing is "new" on the sites for its first days on offer. */
const NEW_FOR_DAYS = 3

/** About one card in this many carries a paid "featured" badge on a given day. */
const FEATURED_ONE_IN = 12

/** A digest of the parts, as hex: the same parts give the same text on every machine and every run. */
const digest = (...parts: readonly (string | number)[]) =>
  createHash('sha1').update(parts.join('|')).digest('hex')

/** Whole days from `listedAt` to `day` (both ISO dates); 0 when either is missing or the listing is from later. */
function daysOnOffer(listedAt: string | null, day: string): number {
  if (!listedAt) return 0
  return Math.max(0, Math.round((Date.parse(day) - Date.parse(listedAt)) / DAY_MS))
}

/** The listing's age as the sites word it: "vandaag", "1 dag geleden", "3 weken geleden" (or in English). */
export function ageInWords(listedAt: string | null, day: string, language: CardLanguage): string {
  const days = daysOnOffer(listedAt, day)
  const [unit, count] = days < 14 ? (['day', days] as const) : (['week', Math.floor(days / 7)] as const)
  if (count === 0) return language === 'nl' ? 'vandaag' : 'today'
  if (language === 'en') return `${count} ${unit}${count === 1 ? '' : 's'} ago`
  const word = unit === 'day' ? (count === 1 ? 'dag' : 'dagen') : count === 1 ? 'week' : 'weken'
  return `${count} ${word} geleden`
}

/** The badge a card shows on `day`, if any: "new" in a listing's first days, else on some days "featured". */
export function badgeOf(id: string, listedAt: string | null, day: string): 'new' | 'featured' | null {
  if (listedAt && daysOnOffer(listedAt, day) < NEW_FOR_DAYS) return 'new'
  return Number.parseInt(digest(id, day, 'featured').slice(0, 8), 16) % FEATURED_ONE_IN === 0
    ? 'featured'
    : null
}

/**
 * A photo URL on the sites' image CDN: the photo's own path, with a signature in the query string that is issued
 * anew each day, as a time-limited signed URL is.
 */
export function photoUrl(id: string, photo: number, day: string): string {
  const path = `listings/api/media/${id}/${digest(id, photo).slice(0, 32)}`
  return `https://casco-media-prod.global.ssl.fastly.net/${path}?sig=${digest(path, day)}&width=600&auto=webp`
}
