import { load } from 'cheerio'
import { z } from 'zod'
import { LET_OR_SOLD, listUrlsSchema } from '../../../src/kit/index.js'

const EMPTY = load('')

/** True when cheerio can compile the selector; a typo in one is a site-file error, not a night of parse errors. */
function compiles(selector: string): boolean {
  try {
    EMPTY(selector)
    return true
  } catch {
    return false
  }
}

const selector = z.string().min(1).refine(compiles, 'is not a CSS selector')

/** A regular expression with a group, whose first group is the listing id in a detail URL. */
const idPattern = z.string().refine((text) => {
  // With an empty alternative the pattern matches any text, so the match's length counts its groups.
  try {
    return new RegExp(`${text}|`).exec('')!.length > 1
  } catch {
    return false
  }
}, 'must be a regular expression with a (group) around the id')

/** What a card shows, one selector per field, found inside the card; the price and the city are required. */
const cardFields = z
  .object({
    price: selector,
    city: selector,
    address: selector.optional(),
    houseNumber: selector.optional(),
    postcode: selector.optional(),
    area: selector.optional(),
    rooms: selector.optional(),
    status: selector.optional(),
  })
  .strict()

/** What a detail page adds or states better than its card, one selector per field, found in the whole page. */
const detailFields = z
  .object({
    price: selector.optional(),
    city: selector.optional(),
    address: selector.optional(),
    houseNumber: selector.optional(),
    postcode: selector.optional(),
    area: selector.optional(),
    rooms: selector.optional(),
    energyLabel: selector.optional(),
    yearBuilt: selector.optional(),
  })
  .strict()
  .refine((fields) => Object.keys(fields).length > 0, 'must name at least one field')

/** The keys a site file on `html-cards` writes under `options`. */
export const htmlCardsOptions = z
  .object({
    /** The search page of each offer type; `{city}` in it stands for a crawled city's slug. */
    lists: listUrlsSchema,
    /** One element per listing on a search page. */
    card: selector,
    /** The link to the listing inside a card (or the card itself when it is that link). */
    link: selector.default('a[href]'),
    /** How to read the listing id from its URL; by default the URL's path is the id. */
    idPattern: idPattern.optional(),
    fields: cardFields,
    /** The link to the next search page; no match means the last page. */
    nextPage: selector.optional(),
    /** What the site shows instead of cards when a search has no results. */
    noResults: selector.optional(),
    /** Statuses meaning let or sold, compared whole and case-blind. */
    takenStatuses: z
      .array(z.string().min(1))
      .min(1)
      .default([...LET_OR_SOLD]),
    /** When set, each card leads to its detail page, read with these selectors over what the card shows. */
    detail: z.object({ fields: detailFields }).strict().optional(),
  })
  .strict()

/** A site's `html-cards` options after validation. */
export type HtmlCardsOptions = z.output<typeof htmlCardsOptions>
