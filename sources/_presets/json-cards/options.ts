import { z } from 'zod'
import { dottedPath, LET_OR_SOLD, listUrlsSchema } from '../../../src/kit/index.js'

/** Where each field is in one item, as a dotted path; the id, the URL, the price and the city are required. */
const itemFields = z
  .object({
    id: dottedPath,
    url: dottedPath,
    price: dottedPath,
    city: dottedPath,
    address: dottedPath.optional(),
    houseNumber: dottedPath.optional(),
    postcode: dottedPath.optional(),
    area: dottedPath.optional(),
    rooms: dottedPath.optional(),
    energyLabel: dottedPath.optional(),
    yearBuilt: dottedPath.optional(),
    status: dottedPath.optional(),
  })
  .strict()

/** The keys a site file on `json-cards` writes under `options`. */
export const jsonCardsOptions = z
  .object({
    /** The JSON search URL of each offer type; `{city}` in it stands for a crawled city's slug. */
    lists: listUrlsSchema,
    /** Where the list of items is in a response; left out when the response is that list. */
    items: dottedPath.optional(),
    fields: itemFields,
    /** Where a response gives the next page's URL; absent or null there means the last page. */
    next: dottedPath.optional(),
    /** Statuses meaning let or sold, compared whole and case-blind. */
    takenStatuses: z
      .array(z.string().min(1))
      .min(1)
      .default([...LET_OR_SOLD]),
  })
  .strict()

/** A site's `json-cards` options after validation. */
export type JsonCardsOptions = z.output<typeof jsonCardsOptions>
