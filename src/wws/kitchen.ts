import type { Range } from './range.js'

/**
 * Group 5, kitchen (policy book §2.5, as paraphrased in woonstadrotterdam/woningwaardering's
 * `docs/implementatietoelichtingen/zelfstandige-woonruimten.md`): a worktop of 1–2 m scores 4, over 2 m 7; built-in
 * appliances and fittings add points up to as many as the worktop scored. In hundredths.
 */
export const KITCHEN = { longWorktop: 700 } as const

/**
 * Unknown kitchen: from none that meets the basic requirements (0) to one kitchen with the longest worktop and
 * appliances up to the cap (14). A second kitchen is rare enough to leave out (docs/wws.md).
 */
export const kitchenRange = (): Range => ({ low: 0, high: 2 * KITCHEN.longWorktop })
