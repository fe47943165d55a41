/** The parse stage: adapter output → validated listings or rejects; pages that fail are kept. */
export { saveFailedPage } from './failed-pages.js'
export { type RejectedListing, type ValidationResult, validateListing } from './validate-listing.js'
