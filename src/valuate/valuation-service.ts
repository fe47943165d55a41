import type { Store } from '../store/database.js'
import type { GoldenRecordRow } from '../store/schema.js'
import { estimateValue } from './estimate-value.js'
import { noEstimateReason } from './no-estimate-reason.js'
import type { HomeFeatures, Valuation, ValuationKind, ValuationModel } from './types.js'

/** What the API says of one estimate, a price or a rent: every member null but the reason when there is none. */
interface ApiEstimate {
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

/** The `valuation.rent` object of a golden record in the API. */
export interface ApiRent extends ApiEstimate {
  estimated_rent: number | null
}

/** The `valuation` object of a golden record in the API: the price estimate's members, then the rent's. */
export interface ApiValuation extends ApiEstimate {
  estimated_price: number | null
  /** The same figure as `rent.estimated_rent`, where the API first carried it. */
  estimated_rent: number | null
  rent: ApiRent
}

/** Values golden records with the models of the published generation, loaded once per generation. */
export interface ValuationService {
  value(row: GoldenRecordRow): ApiValuation
  /** Reads the models now, so that valuing reads nothing more (an export values rows while it iterates a query). */
  load(): void
  /** Forget the loaded models (a new generation was published). */
  reset(): void
}

/** Turns a golden record into the model's features, or says which fact a valuation needs is missing. */
function featuresOf(row: GoldenRecordRow): HomeFeatures | string {
  if (!row.postcode) return 'The home has no postcode.'
  if (!row.surface_area) return 'The home has no living area.'
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

/** An estimate's members for the API, or all null with the reason there is none. */
function estimateJson(
  estimate: Valuation | null,
  model: ValuationModel | null,
  reason: () => string,
): ApiEstimate {
  if (estimate === null || model === null) {
    return {
      confidence: null,
      confidence_reason: null,
      low: null,
      high: null,
      interval_level: null,
      as_of: null,
      method: null,
      comparables: null,
      no_estimate_reason: reason(),
    }
  }
  return {
    confidence: estimate.confidence,
    confidence_reason: estimate.confidenceReason,
    low: estimate.low,
    high: estimate.high,
    interval_level: estimate.intervalLevel,
    as_of: model.valuationDate.slice(0, 10),
    method: estimate.method,
    comparables: estimate.comparables,
    no_estimate_reason: null,
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
  /** One kind's estimate of the home, with the reason when there is none. */
  const valueAs = (kind: ValuationKind, features: HomeFeatures | string) => {
    const fitted = model(kind)
    const estimate = fitted && typeof features !== 'string' ? estimateValue(fitted, features) : null
    const json = estimateJson(estimate, fitted, () =>
      typeof features === 'string' ? features : noEstimateReason(kind, fitted, features),
    )
    return { estimate: estimate?.estimatedPrice ?? null, json }
  }
  return {
    reset() {
      models = {}
    },
    load() {
      model('sale')
      model('rent')
    },
    value(row) {
      const features = featuresOf(row)
      const sale = valueAs('sale', features)
      const rent = valueAs('rent', features)
      return {
        estimated_price: sale.estimate,
        ...sale.json,
        estimated_rent: rent.estimate,
        rent: { estimated_rent: rent.estimate, ...rent.json },
      }
    },
  }
}
