/**
 * Public API of the valuation model: fit on listings, estimate Golden Records, back-test.
 */
export {
  type BacktestDataset,
  type BacktestOptions,
  type BacktestReport,
  backtestDataset,
  type ClassReport,
  crossValidate,
  type DatasetReport,
  type HeldOutResult,
  type MethodReport,
  MIN_JUDGED,
  runBacktest,
} from './backtest.js'
export { type Dataset, loadDatasetFile, loadDefaultDatasets } from './datasets.js'
export { type EstimateOptions, estimateValue } from './estimate-value.js'
export {
  DEFAULT_PRICE_PER_M2,
  fitRentModel,
  fitValuationModel,
  METHOD,
  MIN_USABLE_COMPARABLES,
} from './fit-valuation-model.js'
export { formatBacktestReport, formatClassReport, formatMethodReport } from './format-backtest-report.js'
export type {
  AreaLevel,
  Comparable,
  FitOptions,
  HomeFeatures,
  Valuation,
  ValuationKind,
  ValuationModel,
  WozCalibration,
} from './types.js'
