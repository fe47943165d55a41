import { z } from 'zod'

/** A DAK portal's name: the subdomain of `https://<portal>.mijndak.nl`. */
const PORTAL = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * What a WoningNet site file sets under `options:`: the region portals it reads, each with the cities whose housing
 * associations offer their homes there. A crawl asks a portal only when its scope names one of those cities, so a
 * site with several portals reads only the ones it needs.
 */
export const woningnetDakOptions = z
  .object({
    portals: z
      .record(
        z.string().regex(PORTAL, 'must be the portal’s subdomain on mijndak.nl'),
        z.array(z.string().min(1)).min(1),
      )
      .refine((portals) => Object.keys(portals).length > 0, 'must name at least one portal'),
  })
  .strict()

/** The options of one WoningNet site. */
export type WoningnetDakOptions = z.output<typeof woningnetDakOptions>

/** The host a portal answers on. */
export const portalHost = (portal: string): string => `${portal}.mijndak.nl`
