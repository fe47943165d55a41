/** The resolve stage: a listing's normalised address → the BAG object (verblijfsobject) it describes. */
export {
  areaTolerance,
  type BagResolver,
  createBagResolver,
  type Resolution,
  type ResolutionMethod,
  type ResolveInput,
} from './bag-resolver.js'
