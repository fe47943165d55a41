import { type Kysely, sql } from 'kysely'

/** Every table that stores a place name beside its key, as shown to users or copied into what is shown. */
const TABLES = [
  'bag_addresses',
  'stage_observations',
  'observations',
  'listings',
  'golden_records_listed',
  'golden_records_unlisted',
] as const

/**
 * One name per place: stored place names take the form {@link shownName} gives them, so a home resolved to the BAG
 * ("'s-Gravenhage") and one that is not (the site's "Den Haag") show the same name. Later imports and runs write
 * that form themselves; this rewrites what was stored before, a distinct name at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    const { rows } = await sql<{ city: string }>`
      select distinct city from ${sql.table(table)} where city is not null`.execute(db)
    for (const { city } of rows) {
      const shown = shownName(city)
      if (shown !== city)
        await sql`update ${sql.table(table)} set city = ${shown} where city = ${city}`.execute(db)
    }
  }
}

// The rule below is the normaliser's `normaliseCity` (with the `cityKey`, `stripProvinceSuffix`, `foldDiacritics`
// and `collapseWhitespace` it calls) as it was when this migration shipped. A copy, not an import: a migration must
// not change when the pipeline's code does.

/** Longer input is not a name and is left as is. */
const MAX_NAME_LENGTH = 1000
/** The everyday name of a place whose BAG woonplaats name differs, by its key. */
const COMMON_NAMES: ReadonlyMap<string, string> = new Map([
  ['sgravenhage', 'Den Haag'],
  ['shertogenbosch', 'Den Bosch'],
])
/** Keys of everyday and foreign names mapped to the key of the official BAG woonplaats name. */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['denhaag', 'sgravenhage'],
  ['thehague', 'sgravenhage'],
  ['hague', 'sgravenhage'],
  ['gravenhage', 'sgravenhage'],
  ['denbosch', 'shertogenbosch'],
  ['hertogenbosch', 'shertogenbosch'],
])
/** Province abbreviations and names in parentheses after a place name, lower case without dots, spaces, dashes. */
const PROVINCES = new Set(
  `d dr dre drenthe f fl flevoland fr friesland fryslan g gl gld gelderland gn gr gron groningen l lb li lim limburg
   n nb nh noordbrabant noordholland o ov overijssel u ut utr utrecht z zh zl zld zeeland zuidholland`.split(
    /\s+/,
  ),
)
/** Particles that stay lower case inside Dutch place names ("Alphen aan den Rijn", "Bergen op Zoom"). */
const PARTICLES = new Set('a/d aan bij de den der en het in o/d onder op over te ten ter van'.split(' '))
const OPENING_PUNCTUATION = new Set(['(', '[', '"'])
const APOSTROPHES = /[’‘`´]/g
const CLITIC_S = /^'?s[\s-]+/i
const COMBINING_MARKS = /[\u0300-\u036f]/g
const NON_ALPHANUMERIC = /[^a-z0-9]+/
const SEPARATORS = /[\s.-]/g
const WHITESPACE_RUN = /\s+/g
const MAX_SUFFIX = 24

/** Strips accents and spells out compatibility characters (NFKD); ASCII is returned as is. */
function foldDiacritics(text: string): string {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 127) return text.normalize('NFKD').replace(COMBINING_MARKS, '')
  }
  return text
}

/** Removes trailing province suffixes such as "(ZH)" from a place name, repeatedly, and trims. */
function stripProvinceSuffix(text: string): string {
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

/** Alias-aware comparison key for a place name: "'s-Gravenhage", "Den Haag" and "THE HAGUE" give "sgravenhage". */
function cityKey(raw: string): string {
  if (raw.length > MAX_NAME_LENGTH) return raw
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

/** Upper-cases the first character after any opening bracket or quote, only when that round-trips. */
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

/** True when the text has cased letters all in one case: it carries no case information. */
function isUniformCase(text: string): boolean {
  const upper = text.toUpperCase()
  const lower = text.toLowerCase()
  return upper !== lower && (text === upper || text === lower)
}

/**
 * The name shown for a place: the everyday name where it differs from the BAG's; otherwise the name with its
 * whitespace collapsed, its province suffix removed, "s-Gravenhage" → "'s-Gravenhage", and all-upper or all-lower
 * input title-cased; mixed case stays as written.
 */
function shownName(raw: string): string {
  if (raw.length > MAX_NAME_LENGTH) return raw
  const common = COMMON_NAMES.get(cityKey(raw))
  if (common !== undefined) return common
  const text = stripProvinceSuffix(raw.replace(APOSTROPHES, "'").replace(WHITESPACE_RUN, ' ').trim())
  const clitic = CLITIC_S.exec(text)
  const prefix = clitic !== null && clitic[0].length < text.length ? "'s-" : ''
  const body = prefix === '' ? text : text.slice(clitic![0].length)
  return prefix + (isUniformCase(body) ? titleCase(body.toLowerCase()) : body)
}
