/**
 * The registers: BAG and EP-Online bulk imports (each replaces its tables in one step and rewrites the golden
 * records it changed), and the per-run look-ups (WOZ-waardeloket, EP-Online API) that fill what the files lack.
 */

export { type EnrichmentReport, enrichHomes } from './enrich-homes.js'
export { type BagImportReport, importBag } from './import-bag.js'
export { type EnergyLabelImportReport, importEnergyLabels } from './import-energy-labels.js'
export { lookUpEnergyLabels } from './look-up-energy-labels.js'
export { currentPeildatum, lookUpWozValues } from './look-up-woz.js'
export { markRegisterChanges, takeRegisterChanges } from './register-changes.js'
export type { RegisterLookupReport } from './run-lookups.js'
