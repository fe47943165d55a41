/**
 * Longest text treated as a street or place name. Longer input is not a name (a mis-scraped page, an attack)
 * and is returned as is, which keeps 1 MB strings O(1) and every normaliser idempotent.
 */
export const MAX_NAME_LENGTH = 1000

const COMBINING_MARKS = /[\u0300-\u036f]/g
const WHITESPACE_RUN = /\s+/g

/**
 * Strips accents so "Curaçaostraat" and "Curacaostraat" compare equal, and spells out compatibility characters
 * (NFKD): the Dutch ligature "Ĳ" becomes "IJ", "ﬁ" becomes "fi" and the long s "ſ" becomes "s". With NFD alone
 * they were dropped from keys, and a key then changed when its name was capitalised ("ſ" → "S"); fast-check found it.
 * ASCII input is returned as is, because the normalisation is the slow part and most input is ASCII.
 */
export function foldDiacritics(text: string): string {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 127) return text.normalize('NFKD').replace(COMBINING_MARKS, '')
  }
  return text
}

/** Trims and turns every run of whitespace (including NBSP and narrow NBSP, which `\s` covers) into one space. */
export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_RUN, ' ').trim()
}
