/** The dedupe stage: one listing per home and offer type across every source, with ids that stay stable. */
export { assignListings, IDENTITY_KEY_SQL } from './assign-listings.js'
export { rebuildListings } from './build-listing.js'
export { formatListingId, parseListingId } from './listing-identity.js'
export { mergeListingsByFacts } from './merge-by-facts.js'
export {
  applyStagedObservations,
  applyWithdrawals,
  type ObservationChanges,
  type SourceRun,
  type WithdrawalScope,
} from './observations.js'
export { preparePublishScratch } from './publish-scratch.js'
export { type TrustRanks, trustRanks } from './trust-ranks.js'
