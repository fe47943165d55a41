import { dutchDate } from '../kit/dutch-date.js'
import type { Store } from '../store/database.js'
import { COMPARABLE_COLUMNS, parseComparables } from './comparable-rows.js'
import { fitValuationModel, MIN_USABLE_COMPARABLES } from './fit-valuation-model.js'
import { refitReason } from './refit-moves.js'
import type { Comparable, FitOptions, HomeFeatures, ValuationKind, ValuationModel } from './types.js'
import { featuresOf, VALUED_COLUMNS, type ValuedRow } from './value-homes.js'

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

/** What a run did with a kind's model: fitted it anew, kept the stored one (the refit moved nothing beyond noise), or has none. */
export interface ModelOutcome {
  readonly model: 'refitted' | 'kept' | 'none'
  /** Why a refit replaced the stored model (see `refitReason`), or why it did not. */
  readonly reason: string
  /** Comparables the model in force was fitted on (0 without one). */
  readonly comparables: number
}

/**
 * Fits the sale model on active sale listings and the rent model on active rentals, and stores each for the
 * generation being published unless the stored one values the homes as well (see `refitReason`): then every stored
 * valuation stands and the publish values only the homes it touched. A kind with too few comparables has no model,
 * so its estimates are null rather than guesses.
 */
export function fitRunValuationModels(
  store: Store,
  generation: number,
  now: string,
): Record<ValuationKind, ModelOutcome> {
  const comparables = loadComparables(store)
  const upsert = store.sqlite.prepare(
    `insert into valuation_models (kind, generation, fitted_at, model_json) values (@kind, @generation, @fitted_at, @model_json)
     on conflict (kind) do update set generation = excluded.generation, fitted_at = excluded.fitted_at, model_json = excluded.model_json`,
  )
  const readStored = store.sqlite.prepare<[string], string>(
    'select model_json from valuation_models where kind = ?',
  )
  let probe: HomeFeatures[] | null = null
  const outcomes = {} as Record<ValuationKind, ModelOutcome>
  for (const kind of ['sale', 'rent'] as const) {
    // Estimates are made for the run's own day in the Netherlands: no listing, however dated, can move it.
    const model = fitOrNull(comparables[kind], {
      kind,
      fittedAt: now,
      valuationDate: dutchDate(new Date(now)),
    })
    if (!model) {
      store.sqlite.prepare('delete from valuation_models where kind = ?').run(kind)
      outcomes[kind] = { model: 'none', reason: 'too few usable comparables', comparables: 0 }
      continue
    }
    const storedJson = readStored.pluck().get(kind)
    if (storedJson !== undefined) {
      const stored = JSON.parse(storedJson) as ValuationModel
      probe ??= readProbe(store)
      const reason = refitReason(stored, model, probe)
      if (reason === null) {
        outcomes[kind] = {
          model: 'kept',
          reason: 'the refit moves no estimate beyond noise',
          comparables: stored.nComparables,
        }
        continue
      }
      outcomes[kind] = { model: 'refitted', reason, comparables: model.nComparables }
    } else {
      outcomes[kind] = { model: 'refitted', reason: 'no model was stored', comparables: model.nComparables }
    }
    upsert.run({ kind, generation, fitted_at: now, model_json: JSON.stringify(model) })
  }
  return outcomes
}

/** Homes a refit is tried on: about this many, spread over the whole table. */
const PROBE_SIZE = 5_000

/**
 * A sample of the golden records that can be valued, to compare a refit with the stored model: those whose BAG id
 * ends in a number below a bound, as the last digits of a BAG id are a running number that says nothing of the home.
 */
function readProbe(store: Store): HomeFeatures[] {
  const valued = 'postcode is not null and surface_area is not null'
  const count = store.sqlite
    .prepare(`select count(*) from golden_records where ${valued}`)
    .pluck()
    .get() as number
  const below = Math.ceil((10_000 * PROBE_SIZE) / Math.max(count, 1))
  const rows = store.sqlite
    .prepare<[number], ValuedRow>(
      `select ${VALUED_COLUMNS.join(', ')} from golden_records
        where ${valued} and cast(substr(bag_id, -4) as integer) < ? limit ${PROBE_SIZE}`,
    )
    .all(below)
  return rows.map(featuresOf).filter((f): f is HomeFeatures => typeof f !== 'string')
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
