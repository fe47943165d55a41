/**
 * One estimate, a price or a rent, as the publish stores it and the API serves it: written by the valuation, read
 * by the API, so its shape lives with the store that both may import.
 */
export interface StoredEstimate {
  confidence: 'high' | 'medium' | 'low' | null
  confidence_reason: string | null
  low: number | null
  high: number | null
  interval_level: number | null
  as_of: string | null
  method: string | null
  comparables: { n: number; level: string } | null
  /** Why there is no estimate; null when there is one. */
  no_estimate_reason: string | null
}

/** An estimate that is not there: every member null but the reason. */
export const noEstimate = (reason: string): StoredEstimate => ({
  confidence: null,
  confidence_reason: null,
  low: null,
  high: null,
  interval_level: null,
  as_of: null,
  method: null,
  comparables: null,
  no_estimate_reason: reason,
})
