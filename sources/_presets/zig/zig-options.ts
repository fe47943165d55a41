import { z } from 'zod'

/** Where every Zig portal serves its whole offer as JSON. */
export const ALL_OBJECTS_PATH = '/portal/object/frontend/getallobjects/format/json'

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
  })
  .strict()

/** A Zig site file's `options` after validation. */
export type ZigOptions = z.output<typeof zigOptionsSchema>
