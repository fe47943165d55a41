/** Every energy label a Dutch listing can show, best first. */
export const ENERGY_LABELS = [
  'A+++++',
  'A++++',
  'A+++',
  'A++',
  'A+',
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
] as const
/** One of {@link ENERGY_LABELS}. */
export type EnergyLabel = (typeof ENERGY_LABELS)[number]

/** What a Dutch or English listing price text says. */
export interface ParsedPrice {
  /** EUR; null when none is stated. */
  readonly amount: number | null
  /** "Prijs op aanvraag", "Price on request", "n.o.t.k.", "op aanvraag". */
  readonly onRequest: boolean
  /** Rent periods: "/mnd", "p.m.", "per maand", "per month", "per jaar". */
  readonly period: 'month' | 'year' | null
  /** Kosten koper / vrij op naam. */
  readonly condition: 'k.k.' | 'v.o.n.' | null
  /** "€ 1.100 - 1.300 per month": amount is the first figure. */
  readonly isRange: boolean
  /** "incl."/"inclusief"/"Includes:" vs "excl."/"exclusief". */
  readonly serviceCosts: 'included' | 'excluded' | null
}

// Listing fields are short; looking further only costs time on hostile or mis-scraped input.
const MAX_TEXT = 1000
// NBSP, figure space, thin space, narrow NBSP: sites use them between "€" and the figure.
const SPACE_LIKE = /[\u00a0\u2007\u2009\u202f]/g

const CURRENCY = /€|\beur(?:o|os)?\b/
const ON_REQUEST = /op\s+aanvraag|on\s+request|\bn\.?\s?o\.?\s?t\.?\s?k\b/
const MONTH =
  /\/\s*(?:mnd|maand|month|mo)\b|\bp\.\s?m\b|\bpm\b|\bp\/m\b|\bper\s+(?:maand|month|mnd|mo)\b|\b(?:monthly|maandelijks|a\s+month)\b/
const YEAR =
  /\/\s*(?:jaar|jr|year|yr)\b|\bp\.\s?j\b|\bp\/j\b|\bper\s+(?:jaar|year|annum|jr)\b|\b(?:jaarlijks|annually|yearly|a\s+year)\b/
const KOSTEN_KOPER = /\bk\.\s?k\b|\bkk\b|kosten\s+koper/
const VRIJ_OP_NAAM = /\bv\.\s?o\.\s?n\b|\bvon\b|vrij\s+op\s+naam/
const INCLUDED = /\bincl(?:\.|usief|usive|uding|udes|uded|\b)/
const EXCLUDED = /\bexcl(?:\.|usief|usive|uding|udes|uded|\b)/
// After the first figure: an optional ",-" then a dash or "tot" and a second figure.
const RANGE_TAIL = /^(?:[.,][-=]{1,2})?\s*(?:[-–—]|tot|t\/m|to)\s*(?:€|eur\b)?\s*\d/

const EMPTY_PRICE: ParsedPrice = {
  amount: null,
  onRequest: false,
  period: null,
  condition: null,
  isRange: false,
  serviceCosts: null,
}

interface NumberMatch {
  readonly value: number
  readonly start: number
  readonly end: number
}

/** Caps length and turns NBSP-like spaces into plain spaces; null for absent or empty input. */
function prepare(text: unknown): string | null {
  if (typeof text === 'number') return Number.isFinite(text) ? String(text) : null
  if (typeof text !== 'string' || text === '') return null
  return (text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text).replace(SPACE_LIKE, ' ')
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

/** Drops thousands and decimal separators. */
function digitsOnly(s: string): string {
  return s.replace(/[.,]/g, '')
}

/**
 * First number at or after `from`. Separator rule: exactly three digits after the last "." or ","
 * mean thousands ("1.250", "1,900"); one, two or four and more mean decimals ("1.234,56", "1240.00").
 */
function scanNumber(text: string, from: number): NumberMatch | null {
  let i = from
  while (i < text.length && !isDigit(text.charCodeAt(i))) i++
  if (i >= text.length) return null
  const start = i
  let lastSeparator = -1
  while (i < text.length) {
    const code = text.charCodeAt(i)
    const isSeparator = (code === 44 || code === 46) && isDigit(text.charCodeAt(i + 1))
    if (!isDigit(code) && !isSeparator) break
    if (isSeparator) lastSeparator = i
    i++
  }
  let value: number
  if (lastSeparator === -1 || i - lastSeparator - 1 === 3) value = Number(digitsOnly(text.slice(start, i)))
  else value = Number(`${digitsOnly(text.slice(start, lastSeparator))}.${text.slice(lastSeparator + 1, i)}`)
  return Number.isFinite(value) ? { value, start, end: i } : null
}

/** Index of the earliest match of either pattern, with which one matched; null when neither does. */
function earliest<A, B>(text: string, a: RegExp, aValue: A, b: RegExp, bValue: B): A | B | null {
  const ia = text.search(a)
  const ib = text.search(b)
  if (ia === -1 && ib === -1) return null
  if (ib === -1 || (ia !== -1 && ia <= ib)) return aValue
  return bValue
}

/** The price figure: right after the currency sign, else right before it ("1.250 EUR"), else the first number. */
function findAmount(text: string, lower: string, onRequest: boolean): NumberMatch | null {
  const currency = CURRENCY.exec(lower)
  if (currency === null) return onRequest ? null : scanNumber(text, 0)
  let i = currency.index + currency[0].length
  while (text[i] === ' ') i++
  if (isDigit(text.charCodeAt(i))) return scanNumber(text, i)
  const before = /(\d[\d.,]*)\s*$/.exec(text.slice(Math.max(0, currency.index - 20), currency.index))
  if (before === null) return null
  return scanNumber(text, currency.index - before[0].length)
}

/** Reads a listing price ("€ 1.250,- per maand excl.", "€ 450.000 k.k.", "Prijs op aanvraag"). Never throws. */
export function parsePrice(text: string | null | undefined): ParsedPrice {
  const t = prepare(text)
  if (t === null) return EMPTY_PRICE
  const lower = t.toLowerCase()
  const onRequest = ON_REQUEST.test(lower)
  const amount = findAmount(t, lower, onRequest)
  return {
    amount: amount === null || amount.value < 0 ? null : amount.value,
    onRequest,
    period: earliest(lower, MONTH, 'month' as const, YEAR, 'year' as const),
    condition: earliest(lower, KOSTEN_KOPER, 'k.k.' as const, VRIJ_OP_NAAM, 'v.o.n.' as const),
    isRange: amount !== null && RANGE_TAIL.test(lower.slice(amount.end, amount.end + 40)),
    serviceCosts: earliest(lower, INCLUDED, 'included' as const, EXCLUDED, 'excluded' as const),
  }
}

/** The euro amount of a price text, or null when none is stated. */
export function parseEuro(text: string | null | undefined): number | null {
  return parsePrice(text).amount
}

/** Area in m² from "65 m²", "41 m2", "60 - 120 ㎡" (first figure), "52 vierkante meter", "52" or "0,5 ha". */
export function parseArea(text: string | null | undefined): number | null {
  const t = prepare(text)
  if (t === null) return null
  const found = scanNumber(t, 0)
  if (found === null) return null
  const hectares = /^\s*(?:ha|hectare)\b/i.test(t.slice(found.end, found.end + 12))
  const value = hectares ? Math.round(found.value * 10_000 * 100) / 100 : found.value
  return value > 0 && Number.isFinite(value) ? value : null
}

const YEAR_OR_PERIOD = /(?<!\d)(\d{4})(?!\d)(?:\s*(?:[-–—]|tot|t\/m|to)\s*(\d{4})(?!\d))?/
const BEFORE = /(?:voor|vóór|before|<)\s*$/
const AFTER = /(?:\bna|after|>)\s*$/

/**
 * Construction year: "1997"; a period "1906-1930" gives its midpoint rounded down (1918); "voor 1906" or
 * "before 1906" gives 1905 and "na 2001" 2002. Years outside 1000..(next year + 5) give null.
 */
export function parseYearBuilt(text: string | null | undefined): number | null {
  const t = prepare(text)
  if (t === null) return null
  const lower = t.toLowerCase()
  const match = YEAR_OR_PERIOD.exec(lower)
  if (match === null) return null
  const latest = new Date().getFullYear() + 6
  const valid = (y: number) => y >= 1000 && y <= latest
  const from = Number(match[1])
  if (match[2] !== undefined) {
    const to = Number(match[2])
    return valid(from) && valid(to) && from <= to ? Math.floor((from + to) / 2) : null
  }
  const prefix = lower.slice(Math.max(0, match.index - 12), match.index)
  const year = BEFORE.test(prefix) ? from - 1 : AFTER.test(prefix) ? from + 1 : from
  return valid(year) ? year : null
}

const LABEL_PREFIX =
  /^(?:energie\s*label|energy\s*label|energieklasse|energy\s*(?:class|rating)|label|klasse)\s*:?\s*/i
const LABEL = /^([a-g])(\+{0,6})(?![a-z0-9+])/i

/** Energy label from "A", "a++", "Energielabel: B", "C Wat betekent dit?"; null for "unknown", "Niet beschikbaar", "". */
export function parseEnergyLabel(text: string | null | undefined): EnergyLabel | null {
  const t = prepare(text)
  if (t === null) return null
  const match = LABEL.exec(t.trim().replace(LABEL_PREFIX, ''))
  if (match === null) return null
  const letter = match[1]!.toUpperCase()
  const plusses = match[2]!.length
  // Only A has plus grades, and no more than five of them.
  if ((letter !== 'A' && plusses > 0) || plusses > 5) return null
  return `${letter}${'+'.repeat(plusses)}` as EnergyLabel
}

const COUNT_AND_WORD = /(\d+)\s*([a-z]*)/g
const MAX_ROOMS = 99

/** Rooms and bedrooms from "3 kamers (2 slaapkamers)", "2 rooms", "1 bedroom" or a bare "4" (rooms). */
export function parseRooms(text: string | null | undefined): {
  rooms: number | null
  bedrooms: number | null
} {
  const t = prepare(text)
  let rooms: number | null = null
  let bedrooms: number | null = null
  if (t === null) return { rooms, bedrooms }
  let first = true
  for (const match of t.toLowerCase().matchAll(COUNT_AND_WORD)) {
    const count = Number(match[1])
    const word = match[2] ?? ''
    if (word.startsWith('slaapkamer') || word.startsWith('bedroom') || word === 'slpk') bedrooms ??= count
    else if (word.startsWith('kamer') || word.startsWith('room') || word === 'kmr' || word === 'kmrs')
      rooms ??= count
    // A bare leading figure is the room count ("4", "3 (2 slaapkamers)").
    else if (word === '' && first) rooms ??= count
    first = false
  }
  return {
    rooms: rooms !== null && rooms >= 1 && rooms <= MAX_ROOMS ? rooms : null,
    bedrooms: bedrooms !== null && bedrooms <= MAX_ROOMS ? bedrooms : null,
  }
}
