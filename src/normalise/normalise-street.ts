import { collapseWhitespace, MAX_NAME_LENGTH } from './fold-diacritics.js'

// "'s-Gravendijkwal", "'t Hoenderpad": the clitic article stays lower case even at the start of a name.
const CLITIC_START = /^['’‘`]?[st][\s-]/i

/**
 * Display form of a street name: trimmed, single spaces, first letter upper case, otherwise as written
 * (so BAG spellings such as "Burg. de Monchyplein" survive); names starting with 's or 't keep them lower case.
 */
export function normaliseStreet(raw: string): string {
  // Not a name; returning it unchanged keeps this idempotent and hostile input O(1).
  if (raw.length > MAX_NAME_LENGTH) return raw
  const text = collapseWhitespace(raw)
  if (text === '' || CLITIC_START.test(text)) return text
  const first = text[0]!
  const upper = first.toUpperCase()
  // Skip letters whose upper case is longer (ß → SS) so the result stays idempotent.
  if (upper.length !== 1 || upper === first) return text
  return upper + text.slice(1)
}
