import { load } from 'cheerio'
import {
  type CardValues,
  cardListing,
  isLetOrSold,
  type ListingInput,
  type OfferType,
  resolveUrl,
  valueAt,
} from '../../../src/kit/index.js'
import type { WordpressOptions } from './options.js'

/** `title.rendered`, `content.rendered`: WordPress gives these members as HTML, with entities (`&#8211;`, `&#038;`). */
const isRendered = (path: string) => path.endsWith('.rendered')

/** The text of an HTML fragment: tags dropped, entities decoded. */
const htmlText = (html: string): string => load(html, null, false).text()

/**
 * The value at `path` in a post, as the site means it. ACF gives `false` for a field left empty (and `acf` is `[]`
 * for a post without fields), so `false` and an empty text are absent; a rendered member is read as text.
 */
function fieldValue(post: unknown, path: string): unknown {
  const value = valueAt(post, path)
  if (value === false || value === '') return undefined
  return typeof value === 'string' && isRendered(path) ? htmlText(value) : value
}

/** A field's value as the words it holds: a taxonomy field holds a list of term ids, other fields one value. */
function wordsOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value]
  return values
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map((v) => String(v).replace(/\s+/g, ' ').trim().toLowerCase())
}

/** Whether one of the words a field holds is among `words`, compared whole and case-blind. */
const holdsOneOf = (value: unknown, words: readonly string[]) =>
  wordsOf(value).some((word) => words.some((w) => w.toLowerCase() === word))

/** Whether the post's status says it is let or sold (a taxonomy status is let or sold when one of its terms is). */
function isTaken(post: unknown, options: WordpressOptions): boolean {
  const path = options.fields.status
  if (path === undefined) return false
  return wordsOf(fieldValue(post, path)).some((word) => isLetOrSold(word, options.takenStatuses))
}

/** The post's offer type; null when its offer field names neither, which the validation refuses by name. */
function offerTypeOf(post: unknown, options: WordpressOptions): OfferType | null {
  const { offer } = options
  if (typeof offer === 'string') return offer
  const value = fieldValue(post, offer.field)
  if (holdsOneOf(value, offer.rent)) return 'rent'
  if (holdsOneOf(value, offer.buy)) return 'buy'
  return null
}

/** What a post shows, field by field, for `cardListing`. */
function valuesOf(post: unknown, options: WordpressOptions): CardValues {
  const { id: _, url: __, ...fields } = options.fields
  return Object.fromEntries(Object.entries(fields).map(([key, path]) => [key, fieldValue(post, path!)]))
}

/**
 * One post of the list → a listing, or null for a home let or sold, or of an offer type not among `types` (the
 * site file's offers). A post without an id, a URL, a price, a city or a readable offer type is a listing the validation refuses,
 * naming the field: one post the site wrote differently, never the whole page.
 */
export function postListing(
  post: unknown,
  options: WordpressOptions,
  types: readonly OfferType[],
  pageUrl: string,
): ListingInput | null {
  if (isTaken(post, options)) return null
  const type = offerTypeOf(post, options)
  if (type !== null && !types.includes(type)) return null
  const rawId = valueAt(post, options.fields.id)
  const rawUrl = valueAt(post, options.fields.url)
  return cardListing({
    id: typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : '',
    url: typeof rawUrl === 'string' ? (resolveUrl(rawUrl, pageUrl) ?? rawUrl) : '',
    // No type when the offer field names neither: the validation refuses the listing, naming `type`.
    type: type as OfferType,
    values: valuesOf(post, options),
  })
}
