import type { CrawlScope, OfferType } from './adapter.js'
import { toCitySlug } from './city-slug.js'

/** What a site that publishes one list for its whole area says about itself. */
export interface SiteCoverage {
  readonly offers: readonly OfferType[]
  /** The cities it lists homes in; undefined when it covers the whole country. */
  readonly regions?: readonly string[]
}

/**
 * Whether a crawl for `scope` should read a site that publishes one list for its whole area (an agent, a housing
 * portal): it carries one of the scope's offer types, and covers one of its cities or the whole country. Cities
 * compare by slug, so "Den Haag" and "'s-Gravenhage" are one city.
 */
export function siteCoversScope(site: SiteCoverage, scope: CrawlScope): boolean {
  if (!scope.types.some((type) => site.offers.includes(type))) return false
  if (!site.regions) return true
  const wanted = new Set(scope.cities.map(toCitySlug))
  return site.regions.some((city) => wanted.has(toCitySlug(city)))
}

/** The offer types a crawl for `scope` reads from such a site: those it carries, none when it covers no city asked. */
export function typesToCrawl(site: SiteCoverage, scope: CrawlScope): OfferType[] {
  return siteCoversScope(site, scope) ? scope.types.filter((type) => site.offers.includes(type)) : []
}
