/**
 * The kit: the only module that `sources/*` may import. Adapter contract, listing schema, page helpers and the
 * Dutch text parsers every adapter shares.
 */
export { ParseError } from '../errors.js'
export { splitStreetAddress } from '../normalise/split-street-address.js'
export type {
  CrawlScope,
  FileFormat,
  FileRecord,
  FileSource,
  ListingSource,
  ListPageResult,
  OfferType,
  Politeness,
  RecordContext,
  RenderMode,
  Source,
  SourceRequest,
  Terms,
} from './adapter.js'
export { defineFileSource, defineListingSource, TERMS } from './adapter.js'
export { CARD_FIELDS, type CardValues, cardListing } from './card-listing.js'
export { toCitySlug, urlSlug } from './city-slug.js'
export { dottedPath, valueAt } from './dotted-path.js'
export { addDays, dutchDate } from './dutch-date.js'
export { type DwellingType, dwellingFromWord } from './dwelling-from-word.js'
export {
  countEvidence,
  describeEvidence,
  EVIDENCE_KINDS,
  type Evidence,
  type EvidenceKind,
  evidenceSchema,
} from './evidence.js'
export { InvalidRecordError } from './invalid-record-error.js'
export { type FactRow, labelledFacts } from './labelled-facts.js'
export {
  CITY_PLACEHOLDER,
  type ListUrls,
  type ListUserData,
  listRequests,
  listUrlsSchema,
  offerTypeOf,
} from './list-requests.js'
export { DWELLING_TYPES, formatIssues, type Listing, type ListingInput, listingSchema } from './listing.js'
export { parseListingDate } from './listing-date.js'
export { type AnyNode, ownTextOf, textOf } from './node-text.js'
export { isLetOrSold, LET_OR_SOLD } from './offer-status.js'
export { createPage, PAGING_HEADERS, type Page, readJsonLd } from './page.js'
export { definePreset, type Preset, type SiteCrawl, type SiteFile, siteFileSchema } from './preset.js'
export { type Card, type CardFacts, cardOf } from './search-card.js'
export { type SiteCoverage, siteCoversScope, typesToCrawl } from './site-scope.js'
export * from './text-parsers.js'
export { hostOf, resolveUrl } from './url.js'
