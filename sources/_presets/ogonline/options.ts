import { z } from 'zod'

/** What a site file may set under `options:` for an OGonline site; every key has the platform's default. */
export const ogonlineOptions = z
  .object({
    /** Where the site serves its whole offer (rent and sale) as one JSON array. Every OGonline site seen uses this. */
    listPath: z.string().startsWith('/').default('/nl/realtime-listings/consumer'),
    /**
     * Also read each listing's own page, for the features the JSON leaves out (the year built). Off by default: the
     * JSON holds every other field, and one request per home is a heavy price for one field.
     */
    detailPages: z.boolean().default(false),
  })
  .strict()

/** The options of one OGonline site, defaults filled in. */
export type OgonlineOptions = z.output<typeof ogonlineOptions>
