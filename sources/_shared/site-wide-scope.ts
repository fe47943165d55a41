import { type CrawlScope, type OfferType, toCitySlug } from '../../src/kit/index.js'

/**
 * Whether a crawl scope asks for anything a site-wide list (one landlord's or one portal's whole offer) holds: one of
 * the offer types it carries, in one of the cities it lets in (any city when `regions` is undefined). Such a site is
 * fetched whole or not at all, so the check is the only thing its start requests depend on.
 */
export function scopeWantsSite(
  scope: CrawlScope,
  offers: readonly OfferType[],
  regions: readonly string[] | undefined,
): boolean {
  if (!scope.types.some((type) => offers.includes(type))) return false
  if (regions === undefined) return true
  const covered = new Set(regions.map(toCitySlug))
  return scope.cities.some((city) => covered.has(toCitySlug(city)))
}
