import type { ListingInput } from '../../src/kit/index.js'
import { dwellingFromWord } from './listing-markup.js'

/**
 * The kind of home from the word a site prints for it ("Appartement", "Kamer", "Studio", "Woning"). Agents and
 * portals that sort homes into apartment, studio, room and house print a bare "Woning" for the house, so it is
 * read as one; the other words are read as the Treehouse sites read them.
 */
export function dwellingOfWord(word: string): ListingInput['dwellingType'] {
  if (/^woning$/i.test(word.trim())) return 'house'
  return dwellingFromWord(word.trim())
}
