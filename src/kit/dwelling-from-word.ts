import type { DWELLING_TYPES } from './listing.js'

/** A kind of home as the listing schema names it. */
export type DwellingType = (typeof DWELLING_TYPES)[number]

/**
 * "Appartement", "Flatwoning", "Bovenwoning", "House", "Kamer", "Studio" → the schema's kind of home; else null.
 * Sites name a home by its first word, so only the start of the text counts. A bare "Woning" is a house: sites that
 * sort homes into apartment, studio, room and house print it for the house.
 */
export function dwellingFromWord(word: string): DwellingType | null {
  const w = word.trim().toLowerCase()
  if (
    /^(appartement|apartment|flat|bovenwoning|benedenwoning|penthouse|maisonnette|galerijflat|portiek)/.test(
      w,
    )
  )
    return 'apartment'
  if (
    /^(huis|house|woonhuis|villa|eengezinswoning|tussenwoning|hoekwoning|herenhuis)/.test(w) ||
    w === 'woning'
  )
    return 'house'
  if (/^(kamer|room)/.test(w)) return 'room'
  if (/^studio/.test(w)) return 'studio'
  return null
}
