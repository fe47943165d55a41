import { foldDiacritics, MAX_NAME_LENGTH } from './fold-diacritics.js'
import { stripProvinceSuffix } from './strip-province-suffix.js'

const NON_ALPHANUMERIC = /[^a-z0-9]+/
// Keys of everyday and foreign names mapped to the key of the official BAG woonplaats name.
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['denhaag', 'sgravenhage'],
  ['thehague', 'sgravenhage'],
  ['hague', 'sgravenhage'],
  ['gravenhage', 'sgravenhage'],
  ['denbosch', 'shertogenbosch'],
  ['hertogenbosch', 'shertogenbosch'],
])

/**
 * Alias-aware comparison key for a place name: "'s-Gravenhage", "Den Haag", "THE HAGUE" and "Den Haag (ZH)"
 * all give "sgravenhage"; "a/d", "aan de" and "aan den" all fold to "ad".
 */
export function cityKey(raw: string): string {
  // Not a name; returning it unchanged keeps the key idempotent and hostile input O(1).
  if (raw.length > MAX_NAME_LENGTH) return raw
  // Province suffixes are dropped, so "Bergen (NH)" and "Bergen (L)" share a key: pair it with a postcode.
  const tokens = stripProvinceSuffix(foldDiacritics(raw.toLowerCase()))
    .split(NON_ALPHANUMERIC)
    .filter((t) => t !== '')
  let key = ''
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    const next = tokens[i + 1]
    if ((token === 'aan' && (next === 'den' || next === 'de')) || (token === 'a' && next === 'd')) {
      key += 'ad'
      i++
      continue
    }
    key += token
  }
  return ALIASES.get(key) ?? key
}
