/** The resolve stage: a listing's normalised address → the BAG object (verblijfsobject) it describes. */
export {
  type AddressRow,
  areaTolerance,
  type BagResolver,
  createBagResolver,
  createNumberMatcher,
  matchByNumber,
  type NumberMatch,
  type Resolution,
  type ResolutionMethod,
  type ResolveInput,
  resolveByNumber,
} from './bag-resolver.js'
export { type PdokFallbackOptions, type PdokFallbackReport, resolveWithPdok } from './pdok-fallback.js'
