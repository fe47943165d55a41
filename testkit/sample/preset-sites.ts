import { type ListingSource, type SourceRequest, siteCoversScope } from '../../src/kit/index.js'
import { findSource } from '../../test/helpers/registry.js'
import { dakListPage } from './dak-pages.js'
import { ogonlineListPage } from './ogonline-pages.js'
import type { SampleOffer, SamplePage } from './sample-home.js'
import { zigListPage } from './zig-pages.js'

/** The sites on platform presets that the sample, the national dataset and the simulated market carry. */
export const PRESET_SITES = { ogonline: 'verra-makelaars', zig: 'plaza' } as const

/**
 * More sites on the presets, in the national dataset and the simulated market (not in the sample): OGonline agents,
 * a Zig portal that names no regions and a WoningNet region, with the preset each is on. They came after the first
 * two, so each draws after them and the first two's offers stay as their seed always made them.
 */
export const MORE_PRESET_SITES = {
  'carla-van-den-brink': 'ogonline',
  'atrium-makelaars': 'ogonline',
  'bns-rental-service': 'ogonline',
  thuispoort: 'zig',
  'woningnet-studentenwoning': 'woningnet-dak',
} as const

/** One of {@link MORE_PRESET_SITES}. */
export type MorePresetSite = keyof typeof MORE_PRESET_SITES

/** The presets the whole-offer sites are on. */
export type WholeOfferPreset = 'ogonline' | 'zig' | 'woningnet-dak'

/** A preset site by id: the sample's two and the {@link MORE_PRESET_SITES}. */
export type PresetSite = (typeof PRESET_SITES)[keyof typeof PRESET_SITES] | MorePresetSite

/** The preset each preset site is on. */
export const PRESET_OF_SITE: Readonly<Record<PresetSite, WholeOfferPreset>> = {
  [PRESET_SITES.ogonline]: 'ogonline',
  [PRESET_SITES.zig]: 'zig',
  ...MORE_PRESET_SITES,
}

/** Every preset site, the sample's two first. */
export const ALL_PRESET_SITES = Object.keys(PRESET_OF_SITE) as PresetSite[]

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
 * The one request a list-only site makes for its whole offer, taken from its real source's own first request, so
 * that the archive and the simulated market answer exactly what a crawl asks.
 */
export function wholeOfferRequest(source: ListingSource): SourceRequest {
  const city = source.regions?.[0] ?? 'Amsterdam'
  const [request] = source.startRequests({ cities: [city], types: ['rent'] })
  if (!request) throw new Error(`${source.id} asks for nothing in ${city}`)
  return request
}

/** The URL of {@link wholeOfferRequest}. */
export const wholeOfferUrl = (source: ListingSource): string => wholeOfferRequest(source).url

/** Whether `id` names one of the preset sites. */
export const isPresetSite = (id: string): id is PresetSite => Object.hasOwn(PRESET_OF_SITE, id)

/** Each preset's whole-offer page, in its platform's format, at the request its real source makes. */
const PAGE_WRITERS: Readonly<
  Record<WholeOfferPreset, (offers: readonly SampleOffer[], request: SourceRequest) => SamplePage>
> = {
  ogonline: (offers, request) => ogonlineListPage(offers, request.url),
  zig: (offers, request) => zigListPage(offers, request.url),
  'woningnet-dak': (offers, request) => dakListPage(offers, request.url, request.body ?? ''),
}

/** Each preset site's one list page, holding its whole offer, at the URL its real source asks for. */
export const WHOLE_OFFER_PAGES = Object.fromEntries(
  ALL_PRESET_SITES.map((site) => [
    site,
    (offers: readonly SampleOffer[]) =>
      PAGE_WRITERS[PRESET_OF_SITE[site]](offers, wholeOfferRequest(listingSource(site))),
  ]),
) as Readonly<Record<PresetSite, (offers: readonly SampleOffer[]) => SamplePage>>
