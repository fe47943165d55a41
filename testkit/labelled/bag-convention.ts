import type { SeededRandom } from '../seeded-random.js'

/** A house number as the BAG stores it. */
export interface BagNumber {
  readonly huisnummer: number
  readonly huisletter: string | null
  readonly toevoeging: string | null
}

const ROMAN: Record<string, number> = {
  i: 1,
  ii: 2,
  iii: 3,
  iv: 4,
  v: 5,
  vi: 6,
  vii: 7,
  viii: 8,
  ix: 9,
  x: 10,
}

/**
 * How a municipality would register a printed address, written independently of the normaliser under test: floors
 * as digits (a fifth of them as literal Roman numerals, as some municipalities still do), `hs`/`huis` as `H`, a lone
 * letter as huisletter (one in ten as a toevoeging), other words upper-cased to four characters. Null when the text
 * is not a plain address (bouwnummers, ranges).
 */
export function registerAs(printed: string, rng: SeededRandom): BagNumber | null {
  const match = /^(\d{1,5})(?:\s*[-/ ]?\s*(.*))?$/.exec(printed.trim())
  if (!match) return null
  const huisnummer = Number(match[1])
  const tokens = (match[2] ?? '')
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean)
  if (tokens.length === 0) return { huisnummer, huisletter: null, toevoeging: null }
  if (tokens.length > 2 || tokens.some((t) => t.length > 6)) return null
  const [typed, second] = tokens as [string, string | undefined]
  // "lll" on a listing is a typed "III": nobody registers an address as LLL.
  const first = /^[il]{2,4}$/.test(typed) ? typed.replaceAll('l', 'i') : typed
  if (second !== undefined) {
    // "12 A 1", "12a-1": a letter and an addition.
    if (/^[a-z]$/.test(first) && /^[0-9a-z]{1,4}$/.test(second))
      return { huisnummer, huisletter: first.toUpperCase(), toevoeging: second.toUpperCase() }
    return null
  }
  if (/^\d{1,4}$/.test(first)) return { huisnummer, huisletter: null, toevoeging: first }
  if (/^\d[a-z]$/.test(first))
    return { huisnummer, huisletter: first[1]!.toUpperCase(), toevoeging: first[0]! }
  if (/^[a-z]\d{1,3}$/.test(first))
    return { huisnummer, huisletter: first[0]!.toUpperCase(), toevoeging: first.slice(1) }
  if (first in ROMAN && first.length > 1) {
    return {
      huisnummer,
      huisletter: null,
      toevoeging: rng.chance(0.2) ? first.toUpperCase() : String(ROMAN[first]),
    }
  }
  if (first === 'h' || first === 'hs' || first === 'huis')
    return { huisnummer, huisletter: null, toevoeging: 'H' }
  if (/^[a-z]$/.test(first)) {
    return rng.chance(0.1)
      ? { huisnummer, huisletter: null, toevoeging: first.toUpperCase() }
      : { huisnummer, huisletter: first.toUpperCase(), toevoeging: null }
  }
  if (/^[a-z0-9]{1,4}$/.test(first)) return { huisnummer, huisletter: null, toevoeging: first.toUpperCase() }
  return null
}

/** Other homes behind the same front door: floors next to a floor, letters next to a letter, flats above a bare number. */
export function neighboursOf(home: BagNumber, rng: SeededRandom): BagNumber[] {
  const { huisnummer } = home
  const out: BagNumber[] = []
  const add = (huisletter: string | null, toevoeging: string | null) =>
    out.push({ huisnummer, huisletter, toevoeging })
  if (home.toevoeging && !home.huisletter) {
    const arabic = /^\d+$/.test(home.toevoeging) || home.toevoeging === 'H'
    for (const floor of arabic ? ['H', '1', '2', '3', '4'] : ['I', 'II', 'III', 'IV'])
      if (rng.chance(0.7)) add(null, floor)
  } else if (home.huisletter && !home.toevoeging) {
    for (const letter of ['A', 'B', 'C', 'D']) if (rng.chance(0.5)) add(letter, null)
  } else if (home.huisletter && home.toevoeging) {
    for (const floor of ['1', '2', '3']) if (rng.chance(0.5)) add(home.huisletter, floor)
  } else if (rng.chance(0.25)) {
    // A bare number above which flats were registered: a listing that prints only the number is then ambiguous.
    add(null, '1')
    add(null, '2')
  }
  return out.filter((n) => n.huisletter !== home.huisletter || n.toevoeging !== home.toevoeging)
}
