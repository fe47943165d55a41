import type { Store } from '../store/database.js'
import type { GoldenRecordRow } from '../store/schema.js'
import { estimateValue } from './estimate-value.js'
import type { HomeFeatures, ValuationKind, ValuationModel } from './types.js'

/** The `valuation` object of a golden record in the API: every member null when no honest estimate exists. */
export interface ApiValuation {
  estimated_price: number | null
  confidence: 'high' | 'medium' | 'low' | null
  confidence_reason: string | null
  low: number | null
  high: number | null
  interval_level: number | null
  as_of: string | null
  method: string | null
  comparables: { n: number; level: string } | null
  estimated_rent: number | null
}

const NONE: ApiValuation = {
  estimated_price: null,
  confidence: null,
  confidence_reason: null,
  low: null,
  high: null,
  interval_level: null,
  as_of: null,
  method: null,
  comparables: null,
  estimated_rent: null,
}

/** Values golden records with the models of the published generation, loaded once per generation. */
export interface ValuationService {
  value(row: GoldenRecordRow): ApiValuation
  /** Forget the loaded models (a new generation was published). */
  reset(): void
}

/** Turns a golden record into the model's features; null without the area or postcode a valuation needs. */
function featuresOf(row: GoldenRecordRow): HomeFeatures | null {
  if (!row.postcode || !row.surface_area) return null
  return {
    postcode: row.postcode,
    city: row.city,
    surfaceArea: row.surface_area,
    yearBuilt: row.year_built,
    energyLabel: row.energy_label,
    dwellingType:
      row.dwelling_type === 'apartment' || row.dwelling_type === 'house' ? row.dwelling_type : null,
    wozValue: row.woz_value,
    wozReferenceDate: row.woz_reference_date,
  }
}

/** Builds the service over the store's `valuation_models` table. */
export function createValuationService(store: Store): ValuationService {
  const read = store.sqlite.prepare<[string], { model_json: string }>(
    'select model_json from valuation_models where kind = ?',
  )
  let models: Partial<Record<ValuationKind, ValuationModel | null>> = {}
  const model = (kind: ValuationKind) => {
    if (!(kind in models)) {
      const row = read.get(kind)
      models[kind] = row ? (JSON.parse(row.model_json) as ValuationModel) : null
    }
    return models[kind] ?? null
  }
  return {
    reset() {
      models = {}
    },
    value(row) {
      const features = featuresOf(row)
      const sale = model('sale')
      if (!features) return NONE
      const estimate = sale ? estimateValue(sale, features) : null
      const rentModel = model('rent')
      const rent = rentModel ? estimateValue(rentModel, features) : null
      if (!estimate) return { ...NONE, estimated_rent: rent?.estimatedPrice ?? null }
      return {
        estimated_price: estimate.estimatedPrice,
        confidence: estimate.confidence,
        confidence_reason: estimate.confidenceReason,
        low: estimate.low,
        high: estimate.high,
        interval_level: estimate.intervalLevel,
        as_of: sale!.valuationDate.slice(0, 10),
        method: estimate.method,
        comparables: estimate.comparables,
        estimated_rent: rent?.estimatedPrice ?? null,
      }
    },
  }
}
