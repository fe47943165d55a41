import { z } from 'zod'
import { type ListingSource, type OfferType, type RenderMode, TERMS, type Terms } from './adapter.js'
import { evidenceSchema } from './evidence.js'

/** Kebab-case, as a source id and its folder are written. */
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * What every declarative site file (`sources/<id>/source.yml`) states, whatever its preset: who the site is, what it
 * offers, how politely to ask and what its terms say. The preset's own keys sit under `options`.
 */
export const siteFileSchema = z
  .object({
    id: z.string().regex(KEBAB, 'must be kebab-case, equal to the folder name'),
    name: z.string().min(1),
    homepage: z.url({ protocol: /^https?$/ }),
    hosts: z.array(z.string().min(1)).default([]),
    description: z.string().min(1),
    preset: z.string().regex(KEBAB),
    offers: z.array(z.enum(['rent', 'buy'])).min(1),
    regions: z.array(z.string().min(1)).min(1).optional(),
    render: z.enum(['http', 'browser']).optional(),
    politeness: z
      .object({
        concurrency: z.int().min(1).max(4),
        intervalCap: z.int().min(1),
        interval: z.int().min(500),
      })
      .strict(),
    terms: z.enum(TERMS as [Terms, ...Terms[]]),
    /** What the site's terms say, in a sentence, and where they are. */
    termsNote: z.string().min(1),
    /** How the preset was checked against this site: a recorded answer of it, its platform's format, or neither. */
    evidence: evidenceSchema,
    options: z.record(z.string(), z.unknown()).default({}),
  })
  .strict()

/** A declarative site file after validation. */
export type SiteFile = z.output<typeof siteFileSchema>

/** What a preset builds for one site: how to start its crawl and how to read its pages. */
export type SiteCrawl = Pick<
  ListingSource,
  'startRequests' | 'parseListPage' | 'parseDetailPage' | 'detectBlock'
>

/**
 * A platform many sites run on (Realworks, OGonline, Zig): the code that reads the platform's pages, and the keys a
 * site file must add for it, checked by `options` before any request is sent.
 */
export interface Preset<Options> {
  /** Kebab-case; what a site file names in `preset:`. */
  readonly id: string
  readonly name: string
  /** What the platform is and which sites run on it, for the catalogue. */
  readonly description: string
  /** How the platform's pages must be fetched when the site file does not say. @default 'http' */
  readonly render?: RenderMode
  /** The offer types the platform can carry. */
  readonly offers: readonly OfferType[]
  readonly options: z.ZodType<Options>
  build(site: SiteFile, options: Options): SiteCrawl
}

/** Typed identity helper for presets. */
export const definePreset = <Options>(preset: Preset<Options>): Preset<Options> => preset
