import { z } from 'zod'

/** What a site file may set under `options:` for a Realworks site; every key has the platform's default. */
export const realworksOptions = z
  .object({
    /** The search page of homes for rent, newest first by default on the sites seen. */
    rentPath: z.string().startsWith('/').default('/aanbod/woningaanbod/huur/'),
    /** The search page of homes for sale. */
    buyPath: z.string().startsWith('/').default('/aanbod/woningaanbod/koop/'),
  })
  .strict()

/** The options of one Realworks site, defaults filled in. */
export type RealworksOptions = z.output<typeof realworksOptions>
