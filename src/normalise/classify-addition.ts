import { foldDiacritics } from './fold-diacritics.js'
import { romanToArabic } from './roman-to-arabic.js'

/** What an addition element most likely is: a floor (digits or Roman), a lone letter, or a word. */
export type AdditionKind = 'floor' | 'letter' | 'word'

/** One meaningful piece of the text after the huisnummer, with every BAG reading it may stand for. */
export interface AdditionElement {
  readonly kind: AdditionKind
  /** Huisletter reading, for single letters only. */
  readonly letter: string | null
  /** Toevoeging readings, most likely first. */
  readonly readings: readonly string[]
  /** A lone element reads as a huisletter before any toevoeging reading. */
  readonly letterFirst: boolean
  /** Alternative "huisletter + one-letter toevoeging" reading of an unknown two-letter word ("AH" → A-H). */
  readonly split: readonly [string, string] | null
}

interface Token {
  readonly upper: string
  readonly raw: string
  readonly digits: boolean
  /** No separator between this token and the previous one ("2e", "12a1"). */
  readonly glued: boolean
}

const MAX_TOKENS = 8
const MAX_UNKNOWN_WORD = 6

// Words that only say "this is a floor" and carry no BAG information ("2-hoog", "3e verdieping", "bel-etage").
const FLOOR_WORDS = new Set(['HOOG', 'HG', 'HOOGTE', 'VERD', 'VERDIEPING', 'ETAGE', 'ETG', 'GROND'])
// Ordinal endings, dropped only when glued to a floor number inside the addition: "12 2e" is floor 2, but "12e" is huisletter E.
const ORDINAL_ENDINGS = new Set(['E', 'DE', 'STE'])

const GROUND_FLOOR = ['H', 'HS', 'HUIS']
const BEGANE_GROND = ['BG', 'BGG']
// Each spelling maps to one family so every spelling of the same unit shares candidates[0] (and so the key).
const KNOWN_WORDS: ReadonlyMap<string, readonly string[]> = new Map([
  ['HS', GROUND_FLOOR],
  ['HSE', GROUND_FLOOR],
  ['HUIS', GROUND_FLOOR],
  ['BG', BEGANE_GROND],
  ['BGG', BEGANE_GROND],
  ['BEG', BEGANE_GROND],
  ['BEGANE', BEGANE_GROND],
  ['BOV', ['BOV']],
  ['BVN', ['BOV']],
  ['BOVEN', ['BOV']],
  ['SOUS', ['SOUS']],
  ['SOUT', ['SOUS']],
  ['SOUTERRAIN', ['SOUS']],
  ['SOUTERAIN', ['SOUS']],
  ['ROOD', ['ROOD', 'R']],
  ['RD', ['ROOD', 'R']],
  ['BIS', ['BIS']],
  ['BEL', ['BEL']],
  ['BELETAGE', ['BEL']],
])

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
}

/** Splits the addition into digit and letter runs; null when it is too long to be a house-number addition. */
function tokenise(rest: string): Token[] | null {
  const tokens: Token[] = []
  let i = 0
  let glued = true
  while (i < rest.length) {
    const code = rest.charCodeAt(i)
    if (!isDigit(code) && !isLetter(code)) {
      glued = false
      i++
      continue
    }
    const digits = isDigit(code)
    const start = i
    while (i < rest.length && (digits ? isDigit(rest.charCodeAt(i)) : isLetter(rest.charCodeAt(i)))) i++
    const raw = rest.slice(start, i)
    tokens.push({ upper: raw.toUpperCase(), raw, digits, glued })
    if (tokens.length > MAX_TOKENS) return null
    glued = true
  }
  return tokens
}

/** Classifies one letter run; null when it is an unknown word too long to be a toevoeging. */
function classifyWord(token: Token): AdditionElement | null {
  // "lll" is III typed with lower-case L's (seen in the Amsterdam data); L is never a Roman floor on its own.
  const upper = /^l{2,3}$/.test(token.raw) ? 'I'.repeat(token.raw.length) : token.upper
  const known = KNOWN_WORDS.get(upper)
  if (known) return { kind: 'word', letter: null, readings: known, letterFirst: false, split: null }
  if (upper === 'I') {
    // Amsterdam prints the first floor as "I"; huisletter I is rare because it reads as 1.
    return { kind: 'floor', letter: 'I', readings: ['1', 'I'], letterFirst: false, split: null }
  }
  if (upper === 'H') {
    // Amsterdam ground floor: BAG usually stores toevoeging H, but some buildings use huisletter H.
    return { kind: 'letter', letter: 'H', readings: ['H'], letterFirst: false, split: null }
  }
  if (upper.length === 1) {
    const roman = romanToArabic(upper)
    const readings = roman === null ? [upper] : [upper, String(roman)]
    return { kind: 'letter', letter: upper, readings, letterFirst: true, split: null }
  }
  const roman = romanToArabic(upper)
  if (roman !== null) {
    return { kind: 'floor', letter: null, readings: [String(roman), upper], letterFirst: false, split: null }
  }
  if (upper.length > MAX_UNKNOWN_WORD) return null
  const split: readonly [string, string] | null = upper.length === 2 ? [upper[0]!, upper[1]!] : null
  return { kind: 'word', letter: null, readings: [upper.slice(0, 4)], letterFirst: false, split }
}

/**
 * Turns the text after the huisnummer into meaningful elements, dropping floor words and ordinal endings.
 * Returns null when the text cannot be a BAG addition (too many parts, over-long numbers or words).
 */
export function classifyAddition(rest: string): AdditionElement[] | null {
  const tokens = tokenise(foldDiacritics(rest))
  if (tokens === null) return null
  const elements: AdditionElement[] = []
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k]!
    if (token.digits) {
      if (token.raw.length > 4) return null
      elements.push({ kind: 'floor', letter: null, readings: [token.raw], letterFirst: false, split: null })
      continue
    }
    if (FLOOR_WORDS.has(token.upper)) continue
    const previous = tokens[k - 1]
    if (token.glued && previous?.digits && ORDINAL_ENDINGS.has(token.upper)) continue
    const element = classifyWord(token)
    if (element === null) return null
    elements.push(element)
  }
  return elements
}
