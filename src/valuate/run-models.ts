import type { Store } from '../store/database.js'
import { COMPARABLE_COLUMNS, type ComparablesText, parseComparables } from './comparable-rows.js'
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

/** With this many sale comparables or more, the fits are split between a worker and the calling thread. */
const PARALLEL_FROM = 20_000

/** The comparables of each kind, as {@link loadComparables} reads them. */
export type ComparablesTexts = Readonly<Record<ValuationKind, ComparablesText>>

/** A comparable row, over each listing `l` and its home's golden record `g` (none where the listing is unresolved). */
const COMPARABLE_ROW = `json_array(${COMPARABLE_COLUMNS.join(', ')})`
const GOLDEN_OF_LISTING = 'left join golden_records g on g.bag_id = l.bag_id'

/**
 * Active listings as comparables (see {@link ComparablesText}), sale and rent, with their golden record's facts where
 * they resolved: one sequential scan for both kinds (through the price index every row was a random read, 2× slower;
 * a scan per kind read the table twice: 0.41 s against 0.28 s for the national run's 237k). In id order, which is
 * the scan's; `parseComparables` checks it, as the aggregates have no order of their own.
 */
export function loadComparables(store: Store): ComparablesTexts {
  const [sales, sale, rents, rent] = store.sqlite
    .prepare<[], [number, string, number, string]>(`
      select count(*) filter (where l.type = 'buy'), json_group_array(${COMPARABLE_ROW}) filter (where l.type = 'buy'),
             count(*) filter (where l.type = 'rent'), json_group_array(${COMPARABLE_ROW}) filter (where l.type = 'rent')
        from listings l not indexed ${GOLDEN_OF_LISTING}
       where l.status = 'active' and l.price is not null and l.surface_area is not null and l.postcode is not null`)
    .raw()
    .get() as [number, string, number, string]
  return { sale: { count: sales, json: sale }, rent: { count: rents, json: rent } }
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
  /** Fewest sale comparables at which the fits are split with a worker thread. @default 20,000 */
  readonly parallelFrom?: number
  /** Workers started ahead of the fit (see {@link startFitWorker}); a fit takes one before starting its own. */
  readonly workers?: FitWorker[]
  /** Work for the calling thread, run once the comparables are loaded (beside the worker's fit), before its own. */
  readonly whileFitting?: () => void
}

/**
 * Fits the sale model on active sale listings and the rent model on active rentals, and stores them for the
 * generation being published; the API values every golden record with them at read time. A kind with too few
 * comparables has no model, so its estimates are null rather than guesses. With `parallelFrom` sale comparables or
 * more, the fits are split between a worker thread and the calling thread, which also does `whileFitting` (see
 * `fitSplit`): one thread per core, as a third would only slow the other two. Each part is deterministic, so where
 * it runs changes nothing but the time.
 */
export function fitRunValuationModels(
  store: Store,
  generation: number,
  now: string,
  options: RunFitOptions = {},
): Record<ValuationKind, number> {
  const comparables = loadComparables(store)
  const models =
    comparables.sale.count >= Math.max(options.parallelFrom ?? PARALLEL_FROM, MIN_COMPARABLES)
      ? fitSplit(comparables, now, options)
      : fitHere(comparables, now, options)
  const upsert = store.sqlite.prepare(
    `insert into valuation_models (kind, generation, fitted_at, model_json) values (@kind, @generation, @fitted_at, @model_json)
     on conflict (kind) do update set generation = excluded.generation, fitted_at = excluded.fitted_at, model_json = excluded.model_json`,
  )
  const fitted: Record<ValuationKind, number> = { sale: 0, rent: 0 }
  for (const [kind, model] of models) {
    if (!model) {
      store.sqlite.prepare('delete from valuation_models where kind = ?').run(kind)
      continue
    }
    upsert.run({ kind, generation, fitted_at: now, model_json: model.json })
    fitted[kind] = model.nComparables
  }
  return fitted
}

type Models = Map<ValuationKind, FittedModel | null>

/** Both fits on the calling thread, after `whileFitting`. */
function fitHere(comparables: ComparablesTexts, now: string, options: RunFitOptions): Models {
  options.whileFitting?.()
  const modelOf = (kind: ValuationKind, comparables: readonly Comparable[]) =>
    fitOrNull(comparables, () => fittedModel(fitValuationModel(comparables, { kind, fittedAt: now })))
  return new Map([
    ['sale', modelOf('sale', parseComparables(comparables.sale))],
    ['rent', modelOf('rent', parseComparables(comparables.rent))],
  ])
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
 * Both fits on two threads, split three ways: the worker fits sale, from the moment its comparables are read, while
 * this thread reads rent's, does `whileFitting` and then rent's hedonic fit; rent's uncertainty calibration goes to
 * whichever thread is free first. Alone, on the national comparables, the sale model took about 0.9 s and rent's
 * about 0.8 s, of which the calibration was 0.25 s; the listing indexes built beside them about 1.2 s. Giving rent's
 * hedonic fit to the worker too was slower (2.4 against 2.0 s): beside the index builds it slows them as much.
 */
function fitSplit(comparables: ComparablesTexts, now: string, options: RunFitOptions): Models {
  const saleJob = (options.workers?.shift() ?? startFitWorker()).fit(comparables.sale, {
    kind: 'sale',
    fittedAt: now,
  })
  const rent = parseComparables(comparables.rent)
  // Null when rent has too few usable comparables: the worker then fits sale only.
  const rentPlan =
    rent.length < MIN_COMPARABLES ? null : attempt(() => planFit(rent, { kind: 'rent', fittedAt: now }))
  if (rentPlan) saleJob.handOver({ hedonic: rentPlan.hedonic, calibration: rentPlan.calibration })
  options.whileFitting?.()
  // This thread's own part first: waiting on the worker's first would leave it idle. Then rent's calibration, which
  // this thread takes up itself when the worker is still fitting sale.
  const rentFit = rentPlan && attempt(() => fitHedonic(rentPlan.rows, rentPlan.hedonic))
  const rentCalibration = rentPlan && rentFit && attempt(() => saleJob.calibration())
  const sale = attempt(() => saleJob.wait())
  const rentModel =
    rentPlan && rentFit && rentCalibration
      ? attempt(() => fittedModel(modelFrom(rentPlan, rentFit, rentCalibration)))
      : null
  return new Map<ValuationKind, FittedModel | null>([
    ['sale', sale],
    ['rent', rentModel],
  ])
}
