import { z } from 'zod'

/** Where every Zig portal serves its whole offer as JSON. */
export const ALL_OBJECTS_PATH = '/portal/object/frontend/getallobjects/format/json'

/**
 * The current offer on Zig's second endpoint, the aanbod API some portals load their offer from
 * (`https://<portal>-aanbodapi.zig365.nl`): one page large enough for any portal's whole offer.
 */
export const AANBOD_API_PATH = '/api/v1/actueel-aanbod?limit=1000&page=0&locale=nl_NL'

/**
 * What differs between Zig portals: where their detail pages live, and which object categories are homes. The
 * endpoint is the same on every portal seen, so its path is only an option for one that moves it.
 */
export const zigOptionsSchema = z
  .object({
    /** The path the portal's detail pages live under; the object's `urlKey` is appended. */
    detailPath: z.string().regex(/^\/(?:[^/?#]+\/)+$/, 'must be a path that starts and ends with "/"'),
    /** @default '/portal/object/frontend/getallobjects/format/json' */
    listPath: z
      .string()
      .regex(/^\/[^?#]*$/, 'must be a path that starts with "/"')
      .default(ALL_OBJECTS_PATH),
    /** `dwellingType.categorie` values that are homes; portals also list garages and parking. @default ['woning'] */
    homeCategories: z.array(z.string().min(1)).min(1).default(['woning']),
    /**
     * The portal's aanbod API origin (`https://<portal>-aanbodapi.zig365.nl`), for a portal whose offer is read
     * there instead of from `listPath`: the same objects, under `data` instead of `result`.
     */
    aanbodApi: z
      .url({ protocol: /^https$/ })
      // The check runs after a failed url check too: a value that is no URL is that check's error, not a crash.
      .refine(
        (url) => !URL.canParse(url) || new URL(url).pathname === '/',
        'must be an origin, without a path',
      )
      .optional(),
  })
  .strict()

/** The endpoint a site's offer is read from, and the key its objects are under. */
export function offerEndpoint(
  options: ZigOptions,
  homepage: string,
): { url: string; key: 'result' | 'data' } {
  return options.aanbodApi
    ? { url: new URL(AANBOD_API_PATH, options.aanbodApi).href, key: 'data' }
    : { url: new URL(options.listPath, homepage).href, key: 'result' }
}

/** A Zig site file's `options` after validation. */
export type ZigOptions = z.output<typeof zigOptionsSchema>
