import { cityKey } from './city-key.js'
import { collapseWhitespace, MAX_NAME_LENGTH } from './fold-diacritics.js'
import { stripProvinceSuffix } from './strip-province-suffix.js'

/**
 * The one name shown for a place whose everyday name differs from the BAG's woonplaats name, by its {@link cityKey}.
 * We show the everyday name: it is what the listing sites print and what people type, and one place must have one
 * name whether a listing resolved to the BAG ("'s-Gravenhage") or not (the site's "Den Haag"). Every other spelling
 * still finds it, as the `city` filter compares keys.
 */
const COMMON_NAMES: ReadonlyMap<string, string> = new Map([
  ['sgravenhage', 'Den Haag'],
  ['shertogenbosch', 'Den Bosch'],
])

const APOSTROPHES = /[’‘`´]/g
// "'s-Gravenhage", "s-Gravenhage", "S GRAVENHAGE": the clitic 's (des) before a place name.
const CLITIC_S = /^'?s[\s-]+/i
// Particles that stay lower case inside Dutch place names ("Alphen aan den Rijn", "Bergen op Zoom").
const PARTICLES = new Set([
  'a/d',
  'aan',
  'bij',
  'de',
  'den',
  'der',
  'en',
  'het',
  'in',
  'o/d',
  'onder',
  'op',
  'over',
  'te',
  'ten',
  'ter',
  'van',
])

const OPENING_PUNCTUATION = new Set(['(', '[', '"'])

/**
 * Upper-cases the first character after any opening bracket or quote, only when that round-trips
 * (ß → SS would not), which keeps normaliseCity idempotent.
 */
function capitalise(part: string): string {
  let i = 0
  while (i < part.length && OPENING_PUNCTUATION.has(part[i]!)) i++
  const first = part[i]
  if (first === undefined) return part
  const upper = first.toUpperCase()
  if (upper.length !== 1 || upper.toLowerCase() !== first) return part
  return part.slice(0, i) + upper + part.slice(i + 1)
}

/** Title-cases a lower-cased place name: particles lower, "IJ" as one letter, "'t" untouched. */
function titleCase(lower: string): string {
  return lower
    .split(' ')
    .map((word, w) =>
      word
        .split('-')
        .map((part, p) => {
          if (part.startsWith("'")) return part
          if (PARTICLES.has(part) && (w > 0 || p > 0)) return part
          if (part.startsWith('ij')) return `IJ${part.slice(2)}`
          return capitalise(part)
        })
        .join('-'),
    )
    .join(' ')
}

/** True when the text has cased letters all in one case ("DEN HAAG", "den haag"): it carries no case information. */
function isUniformCase(text: string): boolean {
  const upper = text.toUpperCase()
  const lower = text.toLowerCase()
  return upper !== lower && (text === upper || text === lower)
}

/**
 * The name shown for a place, whichever source named it: the everyday name where it differs from the BAG's
 * ("'s-Gravenhage", "THE HAGUE" → "Den Haag"; see {@link COMMON_NAMES}); otherwise the name trimmed, its province
 * suffix removed, "s-Gravenhage" → "'s-Gravenhage", and all-upper or all-lower input title-cased
 * ("ALPHEN A/D RIJN" → "Alphen a/d Rijn"); mixed case stays as written.
 */
export function normaliseCity(raw: string): string {
  // Not a name; returning it unchanged keeps this idempotent and hostile input O(1).
  if (raw.length > MAX_NAME_LENGTH) return raw
  const common = COMMON_NAMES.get(cityKey(raw))
  if (common !== undefined) return common
  const text = stripProvinceSuffix(collapseWhitespace(raw.replace(APOSTROPHES, "'")))
  const clitic = CLITIC_S.exec(text)
  const prefix = clitic !== null && clitic[0].length < text.length ? "'s-" : ''
  const body = prefix === '' ? text : text.slice(clitic![0].length)
  return prefix + (isUniformCase(body) ? titleCase(body.toLowerCase()) : body)
}
