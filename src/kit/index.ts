/**
 * The kit: the only module that `sources/*` may import. Adapter contract, listing schema, page helpers and the
 * Dutch text parsers every adapter shares.
 */

export { ParseError } from '../errors.js'
export type {
  CrawlScope,
  ListingSource,
  ListPageResult,
  OfferType,
  Politeness,
  RenderMode,
  SourceRequest,
} from './adapter.js'
export { defineListingSource } from './adapter.js'
export { DWELLING_TYPES, formatIssues, type Listing, type ListingInput, listingSchema } from './listing.js'
export { createPage, type Page, readJsonLd } from './page.js'
export * from './text-parsers.js'
export { hostOf, resolveUrl } from './url.js'
