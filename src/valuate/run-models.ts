import type { Store } from '../store/database.js'
import { jsonRows } from '../store/prepared.js'
import { fitHedonic } from './fit-hedonic.js'
import { type FitWorker, startFitWorker } from './fit-in-worker.js'
import {
  type FittedModel,
  fittedModel,
  fitValuationModel,
  MIN_USABLE_COMPARABLES,
  modelFrom,
  planFit,
} from './fit-valuation-model.js'
import type { Comparable, ValuationKind } from './types.js'

/** Fewer comparables than this and no model is stored: an estimate from a handful of listings would mislead. */
export const MIN_COMPARABLES = Math.max(20, MIN_USABLE_COMPARABLES)

/** With this many comparables of each kind or more, the fits are split between a worker and the calling thread. */
const PARALLEL_FROM = 20_000

interface ComparableRow {
  id: number
  type: string
  price: number
  surface_area: number
  postcode: string
  city: string | null
  listed_at: string
  year_built: number | null
  energy_label: string | null
  dwelling_type: string | null
  woz_value: number | null
  woz_reference_date: string | null
}

/**
 * Active listings as comparables, per offer type, with their golden record's facts where they resolved. One
 * sequential scan of the table serves both types: through the price index every row was a random read (2× slower).
 * Read as one JSON text (`jsonRows`), in id order as the scan gives them.
 */
export function loadComparables(store: Store): Record<'buy' | 'rent', Comparable[]> {
  const rows = jsonRows(
    store.sqlite,
    store.sqlite.prepare<[], ComparableRow>(`
      select l.id, l.type, l.price, l.surface_area, l.postcode, l.city, l.listed_at,
             g.year_built, g.energy_label, g.dwelling_type, g.woz_value, g.woz_reference_date
        from listings l not indexed left join golden_records g on g.bag_id = l.bag_id
       where l.status = 'active' and l.price is not null and l.surface_area is not null and l.postcode is not null`),
    'id',
  ).all()
  const byType: Record<'buy' | 'rent', Comparable[]> = { buy: [], rent: [] }
  for (const r of rows) {
    if (r.type !== 'buy' && r.type !== 'rent') continue
    byType[r.type].push({
      id: String(r.id),
      price: r.price,
      surfaceArea: r.surface_area,
      postcode: r.postcode,
      city: r.city,
      listedAt: r.listed_at.slice(0, 10),
      yearBuilt: r.year_built,
      energyLabel: r.energy_label,
      dwellingType: r.dwelling_type === 'apartment' || r.dwelling_type === 'house' ? r.dwelling_type : null,
      wozValue: r.woz_value,
      wozReferenceDate: r.woz_reference_date,
    })
  }
  return byType
}

/**
 * Starts the fit worker ahead when the fits will likely run in parallel (see {@link fitRunValuationModels}): twice
 * `parallelFrom` active listings or more. A guess is enough: the caller closes a worker no fit took, and a fit that
 * finds none starts its own.
 */
export function prestartFitWorkers(store: Store, parallelFrom = PARALLEL_FROM): FitWorker[] {
  const active = store.sqlite
    .prepare("select count(*) from listings where status = 'active'")
    .pluck()
    .get() as number
  return active >= 2 * parallelFrom ? [startFitWorker()] : []
}

/** Options for {@link fitRunValuationModels}. */
export interface RunFitOptions {
  /** Fewest comparables of each kind at which the fits are split with a worker thread. @default 20,000 */
  readonly parallelFrom?: number
  /** Workers started ahead of the fit (see {@link startFitWorker}); a fit takes one before starting its own. */
  readonly workers?: FitWorker[]
  /** Work for the calling thread, run once the comparables are loaded (beside the worker's fit), before its own. */
  readonly whileFitting?: () => void
}

/**
 * Fits the sale model on active sale listings and the rent model on active rentals, and stores them for the
 * generation being published; the API values every golden record with them at read time. A kind with too few
 * comparables has no model, so its estimates are null rather than guesses. When both kinds have `parallelFrom`
 * comparables or more, the fits are split between a worker thread and the calling thread, which also does
 * `whileFitting` (see `fitSplit`): one thread per core, as a third would only slow the other two. Each part is
 * deterministic, so where it runs changes nothing but the time.
 */
export function fitRunValuationModels(
  store: Store,
  generation: number,
  now: string,
  options: RunFitOptions = {},
): Record<ValuationKind, number> {
  const comparablesOf = loadComparables(store)
  const kinds = [
    ['sale', comparablesOf.buy],
    ['rent', comparablesOf.rent],
  ] as const
  const parallel =
    Math.min(comparablesOf.buy.length, comparablesOf.rent.length) >=
    Math.max(options.parallelFrom ?? PARALLEL_FROM, MIN_COMPARABLES)
  if (!parallel) options.whileFitting?.()
  const models = parallel
    ? fitSplit(comparablesOf, now, options)
    : new Map(
        kinds.map(([kind, comparables]) => [
          kind,
          fitOrNull(comparables, () => fittedModel(fitValuationModel(comparables, { kind, fittedAt: now }))),
        ]),
      )
  const upsert = store.sqlite.prepare(
    `insert into valuation_models (kind, generation, fitted_at, model_json) values (@kind, @generation, @fitted_at, @model_json)
     on conflict (kind) do update set generation = excluded.generation, fitted_at = excluded.fitted_at, model_json = excluded.model_json`,
  )
  const fitted: Record<ValuationKind, number> = { sale: 0, rent: 0 }
  for (const [kind] of kinds) {
    const model = models.get(kind)
    if (!model) {
      store.sqlite.prepare('delete from valuation_models where kind = ?').run(kind)
      continue
    }
    upsert.run({ kind, generation, fitted_at: now, model_json: model.json })
    fitted[kind] = model.nComparables
  }
  return fitted
}

/** A kind's model, or null when it has too few comparables, or too few usable ones once data errors are dropped. */
function fitOrNull(comparables: readonly Comparable[], fit: () => FittedModel): FittedModel | null {
  return comparables.length < MIN_COMPARABLES ? null : attempt(fit)
}

/** The work's result, or null when it threw: no model beats a misleading one. */
function attempt<T>(work: () => T): T | null {
  try {
    return work()
  } catch {
    return null
  }
}

/**
 * Both fits on two threads, split three ways: the worker fits sale, while this thread does `whileFitting` and then
 * rent's hedonic fit; rent's uncertainty calibration goes to whichever thread is free first. Alone, on the national
 * comparables, sale took about 1.5 s and rent 1.2–1.9 s, of which the calibration was 0.4–0.8 s.
 */
function fitSplit(
  comparablesOf: Record<'buy' | 'rent', Comparable[]>,
  now: string,
  options: RunFitOptions,
): Map<ValuationKind, FittedModel | null> {
  // Null when rent has too few usable comparables: the worker then fits sale only.
  const rentPlan = attempt(() => planFit(comparablesOf.rent, { kind: 'rent', fittedAt: now }))
  const saleJob = (options.workers?.shift() ?? startFitWorker()).fit(
    comparablesOf.buy,
    { kind: 'sale', fittedAt: now },
    rentPlan ? { hedonic: rentPlan.hedonic, calibration: rentPlan.calibration } : undefined,
  )
  options.whileFitting?.()
  // This thread's own part first: waiting on the worker's first would leave it idle. Then rent's calibration, which
  // this thread takes up itself when the worker is still fitting sale.
  const rentFit = rentPlan && attempt(() => fitHedonic(rentPlan.rows, rentPlan.hedonic))
  const rentCalibration = rentPlan && rentFit && attempt(() => saleJob.calibration())
  const sale = attempt(() => saleJob.wait())
  const rent =
    rentPlan && rentFit && rentCalibration
      ? attempt(() => fittedModel(modelFrom(rentPlan, rentFit, rentCalibration)))
      : null
  return new Map<ValuationKind, FittedModel | null>([
    ['sale', sale],
    ['rent', rent],
  ])
}
