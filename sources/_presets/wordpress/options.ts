import { z } from 'zod'
import { dottedPath, LET_OR_SOLD } from '../../../src/kit/index.js'

/** The most items WordPress's REST API gives per page: it refuses a larger `per_page` with HTTP 400. */
export const WORDPRESS_MAX_PER_PAGE = 100

/** Words compared whole and case-blind with a field's value; a number (a taxonomy term id) is written as text. */
const words = z.array(z.string().min(1)).min(1)

/**
 * How an item tells its offer type: every item of the site is of one (`rent` or `buy`), or a field says which, by a
 * word or term id among `rent` or `buy`.
 */
const offerOption = z.union(
  [
    z.enum(['rent', 'buy']),
    z
      .object({
        field: dottedPath,
        rent: words.default(['huur', 'te huur', 'verhuur', 'rent', 'for rent']),
        buy: words.default(['koop', 'te koop', 'verkoop', 'buy', 'sale', 'for sale']),
      })
      .strict(),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `${JSON.stringify(issue.input)} is not rent or buy, nor { field: <dotted path> } naming the field that says which`
        : undefined,
  },
)

/**
 * Where each field is in one post, as a dotted path (`acf.huurprijs`, `meta.postcode`, `title.rendered`). The id and
 * URL are every post's own; the address is the title unless a field holds it; the price and the city are required.
 */
const postFields = z
  .object({
    id: dottedPath.default('id'),
    url: dottedPath.default('link'),
    price: dottedPath,
    city: dottedPath,
    address: dottedPath.default('title.rendered'),
    houseNumber: dottedPath.optional(),
    postcode: dottedPath.optional(),
    area: dottedPath.optional(),
    rooms: dottedPath.optional(),
    energyLabel: dottedPath.optional(),
    yearBuilt: dottedPath.optional(),
    status: dottedPath.optional(),
  })
  .strict()

/** The keys a site file on `wordpress` writes under `options`. */
export const wordpressOptions = z
  .object({
    /** The post type's REST base: the `woning` of `/wp-json/wp/v2/woning`. */
    postType: z.string().regex(/^[a-z0-9_-]+$/i, 'must be a post type’s REST base, such as woning or aanbod'),
    /** Where the site's REST API is; some sites move it, or serve it under a language prefix. */
    apiPath: z
      .string()
      .regex(/^\/(?:[^/?#\s]+\/)*$/, 'must be a path that starts and ends with /, such as /wp-json/wp/v2/')
      .default('/wp-json/wp/v2/'),
    /** Items per request; WordPress allows at most 100, and fewer requests are kinder to the site. */
    perPage: z.int().min(1).max(WORDPRESS_MAX_PER_PAGE).default(WORDPRESS_MAX_PER_PAGE),
    /** Further query parameters, such as a taxonomy filter (`{ status: 12 }`) or `orderby`. */
    query: z
      .record(z.string().regex(/^[\w[\]-]+$/), z.union([z.string(), z.number()]))
      .refine((query) => !('page' in query) && !('per_page' in query), {
        message: 'page and per_page are set by the preset (see perPage)',
      })
      .default({}),
    offer: offerOption,
    fields: postFields,
    /** Statuses meaning let or sold, compared whole and case-blind. */
    takenStatuses: words.default([...LET_OR_SOLD]),
  })
  .strict()

/** A site's `wordpress` options after validation. */
export type WordpressOptions = z.output<typeof wordpressOptions>
