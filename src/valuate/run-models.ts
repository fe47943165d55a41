import { dutchDate } from '../kit/dutch-date.js'
import type { Store } from '../store/database.js'
import { COMPARABLE_COLUMNS, parseComparables } from './comparable-rows.js'
import { fitValuationModel, MIN_USABLE_COMPARABLES } from './fit-valuation-model.js'
import type { Comparable, FitOptions, ValuationKind, ValuationModel } from './types.js'

/** Fewer comparables than this and no model is stored: an estimate from a handful of listings would mislead. */
export const MIN_COMPARABLES = Math.max(20, MIN_USABLE_COMPARABLES)

/** A comparable row, over each listing `l` and its home's golden record `g` (none where the listing is unresolved). */
const COMPARABLE_ROW = `json_array(${COMPARABLE_COLUMNS.join(', ')})`
const GOLDEN_OF_LISTING = 'left join golden_records g on g.bag_id = l.bag_id'

/**
 * Active listings as comparables, sale and rent, with their golden record's facts where they resolved. One sequential
 * scan serves both kinds: through the price index every row is a random read, and a scan per kind reads the table
 * twice. Each kind comes as one JSON text that SQLite builds and V8 parses, which is quicker than a value at a time
 * through the driver. In id order, which is the scan's; `parseComparables` checks it, as the aggregates have no order
 * of their own.
 */
export function loadComparables(store: Store): Record<ValuationKind, Comparable[]> {
  const [sale, rent] = store.sqlite
    .prepare<[], [string, string]>(`
      select json_group_array(${COMPARABLE_ROW}) filter (where l.type = 'buy'),
             json_group_array(${COMPARABLE_ROW}) filter (where l.type = 'rent')
        from listings l not indexed ${GOLDEN_OF_LISTING}
       where l.status = 'active' and l.price is not null and l.surface_area is not null and l.postcode is not null`)
    .raw()
    .get() as [string, string]
  return { sale: parseComparables(sale), rent: parseComparables(rent) }
}

/**
 * Fits the sale model on active sale listings and the rent model on active rentals, and stores them for the
 * generation being published; the API values every golden record with them at read time. A kind with too few
 * comparables has no model, so its estimates are null rather than guesses.
 */
export function fitRunValuationModels(
  store: Store,
  generation: number,
  now: string,
): Record<ValuationKind, number> {
  const comparables = loadComparables(store)
  const upsert = store.sqlite.prepare(
    `insert into valuation_models (kind, generation, fitted_at, model_json) values (@kind, @generation, @fitted_at, @model_json)
     on conflict (kind) do update set generation = excluded.generation, fitted_at = excluded.fitted_at, model_json = excluded.model_json`,
  )
  const fitted: Record<ValuationKind, number> = { sale: 0, rent: 0 }
  for (const kind of ['sale', 'rent'] as const) {
    // Estimates are made for the run's own day in the Netherlands: no listing, however dated, can move it.
    const model = fitOrNull(comparables[kind], {
      kind,
      fittedAt: now,
      valuationDate: dutchDate(new Date(now)),
    })
    if (!model) {
      store.sqlite.prepare('delete from valuation_models where kind = ?').run(kind)
      continue
    }
    upsert.run({ kind, generation, fitted_at: now, model_json: JSON.stringify(model) })
    fitted[kind] = model.nComparables
  }
  return fitted
}

/**
 * A kind's model, or null when it has too few comparables, or too few usable ones once data errors are dropped (the
 * fit throws): no model beats a misleading one.
 */
function fitOrNull(comparables: readonly Comparable[], options: FitOptions): ValuationModel | null {
  if (comparables.length < MIN_COMPARABLES) return null
  try {
    return fitValuationModel(comparables, options)
  } catch {
    return null
  }
}
