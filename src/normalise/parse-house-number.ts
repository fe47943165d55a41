import { type AdditionElement, classifyAddition } from './classify-addition.js'

/** BAG's three house-number parts. */
export interface HouseNumberParts {
  readonly huisnummer: number
  readonly huisletter: string | null
  readonly toevoeging: string | null
}

/** A printed house number with every BAG reading it may stand for. */
export interface ParsedHouseNumber {
  readonly huisnummer: number
  /** Every reading BAG might hold, most likely first; never empty. Letters and toevoegingen upper case. */
  readonly candidates: readonly HouseNumberParts[]
  /** Canonical dedupe form, equal for every spelling of the same address: "12", "12a", "12-2", "12a-1", "16-h", "5-bis", "22-2" (Roman → Arabic in the key). */
  readonly key: string
  /** Display form built from candidates[0]: "12", "12 A", "12-2", "12 A-1", "16-H". */
  readonly display: string
}

type Reading = readonly [letter: string | null, toevoeging: string | null]

// Only the start of the text can hold the number and its addition; looking no further keeps hostile input O(1).
const MAX_INPUT = 64
const MAX_ADDITION = 32
// A second unit or a remark follows these ("F+K", "B +PP", "A (met berging)"); only the first unit counts.
const REMARK_START = /[+(,;&]/
const MAX_HUISNUMMER = 99_999
const LETTER = /^[A-Z]$/
const TOEVOEGING = /^[0-9A-Z]{1,4}$/

/** Readings of an element standing alone after the huisnummer. */
function alone(e: AdditionElement): Reading[] {
  const toevoegingen: Reading[] = e.readings.map((r) => [null, r])
  const split: Reading[] = e.split ? [e.split] : []
  if (e.letter === null) return [...toevoegingen, ...split]
  return e.letterFirst ? [[e.letter, null], ...toevoegingen] : [...toevoegingen, [e.letter, null]]
}

/**
 * Combines the first two elements; later ones (third floor of a multi-floor unit) are ignored.
 * Each ordering is our best guess at what BAG holds; the other readings follow so a resolver can try them.
 */
function combine(elements: readonly AdditionElement[]): Reading[] {
  const [first, second] = elements
  if (first === undefined) return [[null, null]]
  if (second === undefined) return alone(first)
  // "A 1", "12a-1", "B 2": huisletter followed by toevoeging.
  if (first.kind === 'letter' && first.letter !== null) {
    return second.readings.map((r) => [first.letter, r])
  }
  // "2A", "1 B", "IV A", "bis A": a combined toevoeging first, else a huisletter with the rest as toevoeging.
  if (second.kind === 'letter' && second.letter !== null) {
    const joined: Reading[] = first.readings.map((r) => [null, r + second.letter])
    const lettered: Reading[] = first.readings.map((r) => [second.letter, r])
    return [...joined, ...lettered]
  }
  // "1 2 3", "III-IV", "3/4": a unit over several floors; BAG addresses it by its first floor.
  if (first.kind === 'floor' && second.kind === 'floor') return alone(first)
  // "bis 2": one toevoeging written in two parts.
  return [[null, `${first.readings[0]}${second.readings[0]}`], ...alone(first)]
}

/** Keeps readings BAG can hold (one letter A–Z, toevoeging 1–4 of [0-9A-Z]) and drops duplicates, preserving order. */
function toCandidates(huisnummer: number, readings: readonly Reading[]): HouseNumberParts[] {
  const seen = new Set<string>()
  const out: HouseNumberParts[] = []
  for (const [huisletter, toevoeging] of readings) {
    if (huisletter !== null && !LETTER.test(huisletter)) continue
    if (toevoeging !== null && !TOEVOEGING.test(toevoeging)) continue
    const id = `${huisletter ?? ''}|${toevoeging ?? ''}`
    if (seen.has(id)) continue
    seen.add(id)
    out.push({ huisnummer, huisletter, toevoeging })
  }
  if (out.length === 0) out.push({ huisnummer, huisletter: null, toevoeging: null })
  return out
}

/** Dedupe key for one reading: "12", "12a", "12-2", "12a-1". */
export function houseNumberKey(parts: HouseNumberParts): string {
  const letter = parts.huisletter === null ? '' : parts.huisletter.toLowerCase()
  const addition = parts.toevoeging === null ? '' : `-${parts.toevoeging.toLowerCase()}`
  return `${parts.huisnummer}${letter}${addition}`
}

/** Display form of BAG parts: "12", "12 A", "12-2", "12 A-1", "16-H". */
export function formatHouseNumber(parts: HouseNumberParts): string {
  const letter = parts.huisletter === null ? '' : ` ${parts.huisletter}`
  const addition = parts.toevoeging === null ? '' : `-${parts.toevoeging}`
  return `${parts.huisnummer}${letter}${addition}`
}

/**
 * Parses a printed house number ("12-2", "16hs", "22-II", "12A-1", "5 bis") into BAG readings.
 * Returns null when there is no leading number, it is outside 1..99999, or the rest cannot be an addition.
 */
export function parseHouseNumber(raw: string | null | undefined): ParsedHouseNumber | null {
  if (raw == null) return null
  const text = (raw.length > MAX_INPUT ? raw.slice(0, MAX_INPUT) : raw).trim()
  let end = 0
  while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++
  if (end === 0 || end > 6) return null
  const huisnummer = Number(text.slice(0, end))
  if (huisnummer < 1 || huisnummer > MAX_HUISNUMMER) return null
  const rest = text.slice(end)
  const remark = rest.search(REMARK_START)
  const addition = remark === -1 ? rest : rest.slice(0, remark)
  if (addition.length > MAX_ADDITION) return null
  const elements = classifyAddition(addition)
  if (elements === null) return null
  const candidates = toCandidates(huisnummer, combine(elements))
  const best = candidates[0]!
  return { huisnummer, candidates, key: houseNumberKey(best), display: formatHouseNumber(best) }
}
