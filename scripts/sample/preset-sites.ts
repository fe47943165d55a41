import { findSource } from '../../sources/index.js'
import { type ListingSource, siteCoversScope } from '../../src/kit/index.js'

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
