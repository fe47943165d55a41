/** The dedupe stage: one listing per home and offer type across every source, with ids that stay stable. */
export { formatListingId, type IdentityInput, identityKey, parseListingId } from './listing-identity.js'
