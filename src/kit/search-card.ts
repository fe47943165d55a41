/**
 * What a search card shows of its listing, fact by fact, as the adapter reads it: text as the card prints it
 * ("€ 1.250 per maand", "62 m²") or a value from the site's data (1250, an address object). Keys name the facts
 * (`price`, `area`, `rooms`, `address`, `status`…); a fact the card does not show is left out, null or ''. Any
 * object of named values: a record, the card values a preset reads, a listing from the site's JSON.
 */
export type CardFacts = object

declare const CARD: unique symbol

/** A detail request's card: its {@link CardFacts} in the one form {@link cardOf} gives them. */
export type Card = string & { readonly [CARD]: true }

/**
 * Badges that say nothing of the offer: its newness, a paid promotion, its age in words. A card's status is
 * one of these on some nights and none on others, so it is no fact to compare.
 */
const BADGES = [
  /^(?:nieuw|new|net binnen|just listed|nieuw in (?:verkoop|verhuur))$/,
  /^(?:uitgelicht|featured|highlighted|premium|blikvanger|exclusief|alleen bij ons|open huis)$/,
  /^top/,
  /\b(?:geleden|ago)$|^(?:vandaag|gisteren|today|yesterday)$/,
]

/** Text with its runs of whitespace (non-breaking spaces too) collapsed, trimmed. */
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * A value in canonical form, or undefined when it shows nothing: objects by sorted key, text collapsed. A value that
 * contains itself (site data revived with a reference back to its parent) shows nothing where it repeats, so that a
 * malformed payload cannot recurse without end. `within` holds the arrays and objects being canonicalised around it.
 */
function canonical(value: unknown, within: Set<object>): unknown {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return collapse(value) || undefined
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'boolean') return value
  if (typeof value !== 'object') return String(value)
  if (within.has(value)) return undefined
  within.add(value)
  try {
    if (Array.isArray(value))
      return value.length > 0 ? value.map((item) => canonical(item, within) ?? null) : undefined
    return canonicalFacts(value, within)
  } finally {
    within.delete(value)
  }
}

/** The facts with what shows nothing left out, by sorted key. */
function canonicalFacts(facts: CardFacts, within: Set<object> = new Set([facts])): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, given] of Object.entries(facts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const value = canonical(given, within)
    if (value !== undefined) out[key] = value
  }
  return out
}

/** True when a card's label is only a badge (see {@link BADGES}). */
const isBadge = (label: unknown) =>
  typeof label === 'string' && BADGES.some((badge) => badge.test(collapse(label).toLowerCase()))

/** The status a card shows, without its badges: one label, or the labels of a card that shows several. */
function statusFact(status: unknown): unknown {
  if (Array.isArray(status)) return status.filter((label) => !isBadge(label))
  return isBadge(status) ? undefined : status
}

/**
 * A detail request's card: what the search card says of its listing, in one canonical form that the crawl compares
 * night to night. Only the facts count, not the card's markup: a card moved down the page, a photo URL signed anew,
 * an age or a badge that came or went leave the card as it was, while a new price, area or status ("Onder optie",
 * "Verhuurd") changes it. Keys are sorted and text is compared with its whitespace collapsed, so the order an
 * adapter lists the facts in, or a site's indentation, never matters.
 */
export function cardOf(facts: CardFacts): Card {
  const { status, ...rest } = facts as { readonly status?: unknown }
  return JSON.stringify(canonicalFacts({ ...rest, status: statusFact(status) })) as Card
}
