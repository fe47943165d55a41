// Province abbreviations (and full names) as they appear in parentheses after a place name,
// compared lower case with dots, spaces and dashes removed: "(N.H.)", "(Gld)", "(Noord-Holland)".
const PROVINCES = new Set([
  'd',
  'dr',
  'dre',
  'drenthe',
  'f',
  'fl',
  'flevoland',
  'fr',
  'friesland',
  'fryslan',
  'g',
  'gl',
  'gld',
  'gelderland',
  'gn',
  'gr',
  'gron',
  'groningen',
  'l',
  'lb',
  'li',
  'lim',
  'limburg',
  'n',
  'nb',
  'nh',
  'noordbrabant',
  'noordholland',
  'o',
  'ov',
  'overijssel',
  'u',
  'ut',
  'utr',
  'utrecht',
  'z',
  'zh',
  'zl',
  'zld',
  'zeeland',
  'zuidholland',
])
const SEPARATORS = /[\s.-]/g
const MAX_SUFFIX = 24

/**
 * Removes trailing province suffixes such as "(ZH)" or "(Gld)" from a place name, repeatedly, and trims.
 * A name made only of a suffix is left alone so the result is never empty by accident.
 */
export function stripProvinceSuffix(text: string): string {
  let s = text.trim()
  while (s.endsWith(')')) {
    const open = s.lastIndexOf('(')
    if (open <= 0 || s.length - open > MAX_SUFFIX) break
    const inner = s
      .slice(open + 1, -1)
      .toLowerCase()
      .replace(SEPARATORS, '')
    if (!PROVINCES.has(inner)) break
    s = s.slice(0, open).trimEnd()
  }
  return s
}
