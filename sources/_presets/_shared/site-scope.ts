import { type CrawlScope, type OfferType, type SiteFile, toCitySlug } from '../../../src/kit/index.js'

/**
 * The offer types of a crawl scope that a site-wide list (an agent's whole offer) should be read for: those the site
 * carries, and none at all when the site names its regions and none of them is a city of the scope, so a night that
 * crawls other cities sends that site no request.
 */
export function typesToCrawl(site: SiteFile, scope: CrawlScope): OfferType[] {
  const types = scope.types.filter((type) => site.offers.includes(type))
  if (site.regions === undefined) return types
  const regions = new Set(site.regions.map(toCitySlug))
  return scope.cities.some((city) => regions.has(toCitySlug(city))) ? types : []
}
