import type { Migration } from 'kysely'
import * as initial from './001-initial.js'
import * as listingPriceHistory from './002-listing-price-history.js'
import * as pdokLookups from './003-pdok-lookups.js'
import * as runLock from './004-run-lock.js'
import * as registers from './005-registers.js'
import * as bagVoorkomen from './006-bag-voorkomen.js'
import * as bagObjectFacts from './007-bag-object-facts.js'
import * as pageMemos from './008-page-memos.js'
import * as noContentHash from './009-no-content-hash.js'
import * as observationPriceHistory from './010-observation-price-history.js'
import * as pageMemosInPlace from './011-page-memos-in-place.js'
import * as listedGoldenRecords from './012-listed-golden-records.js'
import * as oneNamePerPlace from './013-one-name-per-place.js'
import * as sourceRunHealth from './014-source-run-health.js'
import * as sourceCatalogue from './015-source-catalogue.js'
import * as listingDatesAsGiven from './016-listing-dates-as-given.js'
import * as wholePricesInHistory from './017-whole-prices-in-history.js'
import * as oneGoldenRecordTable from './018-one-golden-record-table.js'
import * as pageValidators from './019-page-validators.js'
import * as crawlFreshness from './020-crawl-freshness.js'
import * as crawlSearches from './021-crawl-searches.js'
import * as sourceFillRates from './022-source-fill-rates.js'
import * as listingFilters from './023-listing-filters.js'
import * as listingAliases from './024-listing-aliases.js'
import * as namedFeeds from './025-named-feeds.js'
import * as catalogueFacts from './026-catalogue-facts.js'
import * as sourceActiveListings from './029-source-active-listings.js'
import * as storedValuations from './031-stored-valuations.js'
import * as rentRegulation from './032-rent-regulation.js'
import * as homeValuesSince from './033-home-values-since.js'

/** Every migration, in order. Names sort lexically; never rename or edit one that has shipped. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '001-initial': initial,
  '002-listing-price-history': listingPriceHistory,
  '003-pdok-lookups': pdokLookups,
  '004-run-lock': runLock,
  '005-registers': registers,
  '006-bag-voorkomen': bagVoorkomen,
  '007-bag-object-facts': bagObjectFacts,
  '008-page-memos': pageMemos,
  '009-no-content-hash': noContentHash,
  '010-observation-price-history': observationPriceHistory,
  '011-page-memos-in-place': pageMemosInPlace,
  '012-listed-golden-records': listedGoldenRecords,
  '013-one-name-per-place': oneNamePerPlace,
  '014-source-run-health': sourceRunHealth,
  '015-source-catalogue': sourceCatalogue,
  '016-listing-dates-as-given': listingDatesAsGiven,
  '017-whole-prices-in-history': wholePricesInHistory,
  '018-one-golden-record-table': oneGoldenRecordTable,
  '019-page-validators': pageValidators,
  '020-crawl-freshness': crawlFreshness,
  '021-crawl-searches': crawlSearches,
  '022-source-fill-rates': sourceFillRates,
  '023-listing-filters': listingFilters,
  '024-listing-aliases': listingAliases,
  '025-named-feeds': namedFeeds,
  '026-catalogue-facts': catalogueFacts,
  '029-source-active-listings': sourceActiveListings,
  '031-stored-valuations': storedValuations,
  '032-rent-regulation': rentRegulation,
  '033-home-values-since': homeValuesSince,
}
