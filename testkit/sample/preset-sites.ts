import { type ListingSource, siteCoversScope } from '../../src/kit/index.js'
import { findSource } from '../../test/helpers/registry.js'
import { ogonlineListPage } from './ogonline-pages.js'
import type { SampleOffer, SamplePage } from './sample-home.js'
import { zigListPage } from './zig-pages.js'

/** The sites on platform presets that the sample, the national dataset and the simulated market carry. */
export const PRESET_SITES = { ogonline: 'verra-makelaars', zig: 'plaza' } as const

/** A registered crawl source by id: a site the sample writes pages for must be one. */
export function listingSource(id: string): ListingSource {
  const source = findSource(id)
  if (source?.kind !== 'crawl') throw new Error(`Not a registered listing site: ${id}`)
  return source
}

/** Whether `source` lets homes in `city`: its regions name the city, or it has none (the whole country). */
export const letsIn = (source: ListingSource, city: string): boolean =>
  siteCoversScope(source, { cities: [city], types: ['rent'] })

/**
 * The one URL a list-only site asks for its whole offer, taken from its real source's own first request, so that
 * the archive and the simulated market answer exactly what a crawl asks.
 */
export function wholeOfferUrl(source: ListingSource): string {
  const city = source.regions?.[0] ?? 'Amsterdam'
  const [request] = source.startRequests({ cities: [city], types: ['rent'] })
  if (!request) throw new Error(`${source.id} asks for nothing in ${city}`)
  return request.url
}

/** A preset site by id. */
export type PresetSite = (typeof PRESET_SITES)[keyof typeof PRESET_SITES]

/** Whether `id` names one of the preset sites. */
export const isPresetSite = (id: string): id is PresetSite =>
  (Object.values(PRESET_SITES) as string[]).includes(id)

/** Each preset site's one list page, holding its whole offer, at the URL its real source asks for. */
export const WHOLE_OFFER_PAGES: Readonly<Record<PresetSite, (offers: readonly SampleOffer[]) => SamplePage>> =
  {
    [PRESET_SITES.ogonline]: (offers) =>
      ogonlineListPage(offers, wholeOfferUrl(listingSource(PRESET_SITES.ogonline))),
    [PRESET_SITES.zig]: (offers) => zigListPage(offers, wholeOfferUrl(listingSource(PRESET_SITES.zig))),
  }
