import { foldDiacritics, MAX_NAME_LENGTH } from './fold-diacritics.js'

const NON_ALPHANUMERIC = /[^a-z0-9]+/

// Title abbreviations as BAG and listing sites print them; both sides expand so "Burg." matches "Burgemeester".
const ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['burg', 'burgemeester'],
  ['v', 'van'],
  ['prof', 'professor'],
  ['dr', 'dokter'],
  // BAG mixes "Doctor" and "Dokter"; fold both to one spelling.
  ['doctor', 'dokter'],
  ['mr', 'meester'],
  ['jhr', 'jonkheer'],
  ['gen', 'generaal'],
  ['mgr', 'monseigneur'],
  ['ds', 'dominee'],
  ['gebr', 'gebroeders'],
  ['str', 'straat'],
  ['ln', 'laan'],
  ['pl', 'plein'],
])

// "Tweede Oosterparkstraat" and "2e Oosterparkstraat" both occur for the same BAG street.
const ORDINAL_WORDS: ReadonlyMap<string, string> = new Map([
  ['eerste', '1e'],
  ['tweede', '2e'],
  ['derde', '3e'],
  ['vierde', '4e'],
  ['vijfde', '5e'],
  ['zesde', '6e'],
  ['zevende', '7e'],
  ['achtste', '8e'],
  ['negende', '9e'],
  ['tiende', '10e'],
])
const NUMERIC_ORDINAL = /^(\d{1,3})(?:e|de|ste)$/

// "Pr." and "Kon." are ambiguous; the next word (a princess's or queen's name) decides.
const PRINSES = /^(irene|margriet|beatrix|marijke|christina|juliana|amalia|alexia|ariane|marianne)/
const KONING = /^(willem|lodewijk)/

/** Expands one token; `next` is the following token, absent for the last one. */
function expandToken(token: string, next: string | undefined): string {
  if (token === 'st') return next === undefined ? 'straat' : 'sint'
  if (token === 'pr') return next !== undefined && PRINSES.test(next) ? 'prinses' : 'prins'
  if (token === 'kon') return next !== undefined && KONING.test(next) ? 'koning' : 'koningin'
  const expanded = ABBREVIATIONS.get(token) ?? ORDINAL_WORDS.get(token)
  if (expanded !== undefined) return expanded
  const ordinal = NUMERIC_ORDINAL.exec(token)
  if (ordinal) return `${ordinal[1]}e`
  return token
}

/** Expands a trailing "str", "ln" or "pl" ("Kerkstr." → kerkstraat); results never end in those again. */
function expandSuffix(word: string): string {
  if (word.endsWith('str')) return `${word}aat`
  if (word.endsWith('ln')) return `${word.slice(0, -2)}laan`
  if (word.endsWith('pl')) return `${word.slice(0, -2)}plein`
  return word
}

/**
 * Comparison key for a street: lower case, diacritics stripped, abbreviations and ordinals expanded,
 * spaces and punctuation removed ("Burg. de Monchyplein" → "burgemeesterdemonchyplein").
 */
export function streetKey(raw: string): string {
  // Not a name; returning it unchanged keeps the key idempotent and hostile input O(1).
  if (raw.length > MAX_NAME_LENGTH) return raw
  const tokens = foldDiacritics(raw.toLowerCase())
    .split(NON_ALPHANUMERIC)
    .filter((t) => t !== '')
  let joined = ''
  for (let i = 0; i < tokens.length; i++) {
    const next = tokens[i + 1]
    const token = expandToken(tokens[i]!, next)
    joined += next === undefined ? expandSuffix(token) : token
  }
  // Re-expanding the whole key as one last token makes streetKey idempotent: a key is a single token.
  return expandSuffix(expandToken(joined, undefined))
}
