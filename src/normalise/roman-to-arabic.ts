const VALUES: Readonly<Record<string, number>> = { I: 1, V: 5, X: 10 }
const TENS = ['', 'X', 'XX', 'XXX']
const UNITS = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX']

/** Canonical Roman spelling of 1..39, used to reject non-numerals such as "IIII" or "IIIV". */
function toRoman(value: number): string {
  return (TENS[Math.floor(value / 10)] ?? '') + (UNITS[value % 10] ?? '')
}

/**
 * Arabic value of an upper-case Roman floor number "I".."XXXIX", or null when the text is not one.
 * Only I, V and X count: C, D, L and M are far more likely to be huisletters than floors.
 */
export function romanToArabic(text: string): number | null {
  if (text.length === 0 || text.length > 7) return null
  let total = 0
  for (let i = 0; i < text.length; i++) {
    const value = VALUES[text[i]!]
    if (value === undefined) return null
    const next = VALUES[text[i + 1] ?? '']
    total += next !== undefined && next > value ? -value : value
  }
  if (total < 1 || total > 39) return null
  return toRoman(total) === text ? total : null
}
