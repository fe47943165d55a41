import type { ValuationKind } from './types.js'

/**
 * Plausible price per m² (EUR; per month for rent). Outside these a listing is a data error: a
 * price typed without thousands, a plot area entered as living area, a parking space.
 */
export const DEFAULT_PRICE_PER_M2: Readonly<Record<ValuationKind, readonly [number, number]>> = {
  sale: [300, 30_000],
  rent: [2, 150],
}
