import { collapseWhitespace, MAX_NAME_LENGTH } from './fold-diacritics.js'

// A bare street-type word needs a qualifier, so in "Plein 1813 2" or "Laan 1940-1945 3" the year belongs to the name.
const GENERIC_STREET_WORDS = new Set([
  'allee',
  'baan',
  'boulevard',
  'dijk',
  'dreef',
  'erf',
  'gracht',
  'hof',
  'kade',
  'laan',
  'markt',
  'pad',
  'park',
  'plantsoen',
  'plein',
  'singel',
  'square',
  'steeg',
  'straat',
  'wal',
  'weg',
])

const YEAR_RANGE = /^(1\d|20)\d\d[-–](1\d|20)\d\d$/
const YEAR_OR_SHORT_RANGE = /^(?:(1\d|20)\d\d|\d\d[-–]\d\d)$/

function startsWithDigit(token: string | undefined): boolean {
  if (token === undefined) return false
  const code = token.charCodeAt(0)
  return code >= 48 && code <= 57
}

/** True when the digit token at `index` is part of the street name rather than the house number. */
function belongsToStreet(tokens: readonly string[], index: number): boolean {
  const token = tokens[index]!
  if (YEAR_RANGE.test(token)) return true
  if (index !== 1 || !YEAR_OR_SHORT_RANGE.test(token)) return false
  if (!GENERIC_STREET_WORDS.has(tokens[0]!.toLowerCase())) return false
  // Only when a house number follows; "Plein 1813" alone is read as street "Plein", number 1813.
  return tokens.slice(index + 1).some(startsWithDigit)
}

/**
 * Splits "Blasiusstraat 8 2" into street and house number; "2e Oosterparkstraat 12", "Plein 1813 2" and
 * "Laan 1940-1945 3" keep their digits in the street. Text after the first comma (", Amsterdam") is dropped.
 */
export function splitStreetAddress(raw: string): { street: string; houseNumber: string | null } {
  const comma = raw.indexOf(',')
  const line = comma === -1 ? raw : raw.slice(0, comma)
  // Longer than any address line: not an address, and not worth a linear scan.
  if (line.length > MAX_NAME_LENGTH) return { street: '', houseNumber: null }
  const text = collapseWhitespace(line)
  if (text === '') return { street: '', houseNumber: null }
  const tokens = text.split(' ')
  // A lone number ("12") is all house number; otherwise the first token always belongs to the street.
  if (tokens.length === 1 && startsWithDigit(tokens[0])) return { street: '', houseNumber: text }
  for (let i = 1; i < tokens.length; i++) {
    if (!startsWithDigit(tokens[i]) || belongsToStreet(tokens, i)) continue
    return { street: tokens.slice(0, i).join(' '), houseNumber: tokens.slice(i).join(' ') }
  }
  return { street: text, houseNumber: null }
}
