import { hash } from 'node:crypto'
import type { Store } from '../store/database.js'
import { readMeta, writeMeta } from '../store/publication.repository.js'
import type { GoldenRecordRow } from '../store/schema.js'
import { noEstimate, type StoredEstimate } from '../store/stored-estimate.js'
import { estimateValue } from './estimate-value.js'
import { noEstimateReason } from './no-estimate-reason.js'
import type { HomeFeatures, Valuation, ValuationKind, ValuationModel } from './types.js'

/** The `valuation.rent` object of a golden record in the API. */
export interface ApiRent extends StoredEstimate {
  estimated_rent: number | null
}

/** The `valuation` object of a golden record in the API: the price estimate's members, then the rent's. */
export interface ApiValuation extends StoredEstimate {
  estimated_price: number | null
  /** The same figure as `rent.estimated_rent`, where the API first carried it. */
  estimated_rent: number | null
  rent: ApiRent
}

/** The columns of a golden record a valuation reads. */
export const VALUED_COLUMNS = [
  'bag_id',
  'input_hash',
  'postcode',
  'city',
  'surface_area',
  'year_built',
  'energy_label',
  'dwelling_type',
  'woz_value',
  'woz_reference_date',
] as const satisfies readonly (keyof GoldenRecordRow)[]

/** What a valuation reads of a golden record. */
export type ValuedRow = Pick<GoldenRecordRow, (typeof VALUED_COLUMNS)[number]>

/** Turns a golden record into the model's features, or says which fact a valuation needs is missing. */
export function featuresOf(row: ValuedRow): HomeFeatures | string {
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
): StoredEstimate {
  if (estimate === null || model === null) return noEstimate(reason())
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

/**
 * The form of a stored valuation: part of every row's `models_key`, so that a change to what a valuation holds or
 * says (a reason's wording) values every home again at the next publish.
 */
const VALUATION_FORMAT = 'v1'

/** The models a publish values with, by kind (null: too few comparables), and the key that names them. */
interface LoadedModels {
  readonly models: Readonly<Record<ValuationKind, ValuationModel | null>>
  readonly key: string
}

/**
 * Reads the fitted models from `valuation_models`. The key hashes each model without its `fittedAt`, a label only:
 * a model refitted on the same comparables for the same day values every home the same, so nothing is written again.
 */
function loadModels(store: Store): LoadedModels {
  const read = store.sqlite.prepare<[string], { model_json: string }>(
    'select model_json from valuation_models where kind = ?',
  )
  const parts: string[] = [VALUATION_FORMAT]
  const models = { sale: null, rent: null } as Record<ValuationKind, ValuationModel | null>
  for (const kind of ['sale', 'rent'] as const) {
    const row = read.get(kind)
    models[kind] = row ? (JSON.parse(row.model_json) as ValuationModel) : null
    parts.push(
      models[kind] ? hash('sha1', JSON.stringify({ ...models[kind], fittedAt: null }), 'base64url') : '-',
    )
  }
  return { models, key: parts.join('.') }
}

/** One home's valuation, as the API serves it, with the loaded models. */
export function valueHome(models: LoadedModels['models'], row: ValuedRow): ApiValuation {
  const features = featuresOf(row)
  /** One kind's estimate of the home, with the reason when there is none. */
  const valueAs = (kind: ValuationKind) => {
    const fitted = models[kind]
    const estimate = fitted && typeof features !== 'string' ? estimateValue(fitted, features) : null
    const json = estimateJson(estimate, fitted, () =>
      typeof features === 'string' ? features : noEstimateReason(kind, fitted, features),
    )
    return { estimate: estimate?.estimatedPrice ?? null, json }
  }
  const sale = valueAs('sale')
  const rent = valueAs('rent')
  return {
    estimated_price: sale.estimate,
    ...sale.json,
    estimated_rent: rent.estimate,
    rent: { estimated_rent: rent.estimate, ...rent.json },
  }
}

/** What {@link valueHomes} did. */
export interface ValueHomesCounts {
  /** Homes valued, new or again (their record or the models changed). */
  valued: number
  /** Valuations of homes that no longer have a record. */
  removed: number
}

/** Homes read and written together. */
const BATCH = 2_000

const MODELS_KEY = 'valuation_models_key'

/**
 * Values every Golden Record whose stored valuation is missing or stale (its record or the models changed since),
 * with the models in `valuation_models`, and stores the API's `valuation` object for it, stamped with `generation`;
 * drops the valuations of homes that no longer have a record. Looks at the homes in the table `touched` (null: every
 * home), and at every home when the models changed since the last call. Run inside the publishing transaction, after
 * the records and the models are written: the API then serves the stored valuation and values nothing itself.
 */
export function valueHomes(store: Store, generation: number, touched: string | null): ValueHomesCounts {
  const { sqlite } = store
  const { models, key } = loadModels(store)
  const scope = readMeta(store, MODELS_KEY) === key ? touched : null
  writeMeta(store, MODELS_KEY, key)
  // In bag_id order, a batch at a time after the last id: a statement cannot write while another reads.
  const [homes, id] =
    scope === null
      ? ['golden_records g', 'g.bag_id']
      : [`${scope} t join golden_records g on g.bag_id = t.bag_id`, 't.bag_id']
  const stale = sqlite.prepare<[string, string], ValuedRow>(
    `select ${VALUED_COLUMNS.map((c) => `g.${c}`).join(', ')} from ${homes} left join valuations v on v.bag_id = g.bag_id
      where ${id} > ? and (v.bag_id is null or v.record_hash <> g.input_hash or v.models_key <> ?)
      order by ${id} limit ${BATCH}`,
  )
  const upsert = sqlite.prepare<[string, string, string, string, number]>(
    `insert into valuations (bag_id, valuation_json, record_hash, models_key, generation) values (?, ?, ?, ?, ?)
     on conflict (bag_id) do update set valuation_json = excluded.valuation_json, record_hash = excluded.record_hash,
       models_key = excluded.models_key, generation = excluded.generation`,
  )
  const counts: ValueHomesCounts = { valued: 0, removed: 0 }
  let after = ''
  for (;;) {
    const rows = stale.all(after, key)
    for (const row of rows) {
      upsert.run(row.bag_id, JSON.stringify(valueHome(models, row)), row.input_hash, key, generation)
    }
    counts.valued += rows.length
    if (rows.length < BATCH) break
    after = rows.at(-1)!.bag_id
  }
  // A record is removed only where its home is touched, so only those are checked when not every home is looked at.
  const removable = scope === null ? '' : `bag_id in (select bag_id from ${scope}) and`
  counts.removed = sqlite
    .prepare(
      `delete from valuations
        where ${removable} not exists (select 1 from golden_records g where g.bag_id = valuations.bag_id)`,
    )
    .run().changes
  return counts
}
