/**
 * The WWS (woningwaarderingsstelsel) for self-contained dwellings: points as a range over what is known and what is
 * not, the sector and the maximum rent, on a policy date. Pure: no store, no clock. docs/wws.md has the rules,
 * bounds and sources.
 */
export { type AskedRent, compareAskedRent, type RentComparison } from './compare-rent.js'
export { WwsDateError } from './dated.js'
export { eitherResult } from './either.js'
export type { EnergyBasis } from './energy.js'
export type { EnergyRecord, ListingFacts, SuppliedGroup, WozValue, WwsFacts } from './facts.js'
export { describeInputError, factsOf, type WwsInput, wwsInputSchema } from './input-schema.js'
export { type RentRegulationJson, toRentRegulationJson, toWwsJson, type WwsJson } from './json.js'
export type { Range } from './range.js'
export { ALL_GROUPS, type Group, rentRegulation, type WwsResult } from './regulation.js'
export { labelInForce, rulesInForce } from './rules-in-force.js'
export type { Sector } from './sector.js'
