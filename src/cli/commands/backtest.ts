import { existsSync, statSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { PROJECT_ROOT } from '../../config.js'
import { backtestSvg } from '../../valuate/backtest-plot.js'
import {
  backtestDataset,
  type Dataset,
  formatBacktestReport,
  formatClassReport,
  formatMethodReport,
  loadDatasetFile,
  loadDefaultDatasets,
  MIN_JUDGED,
  type ValuationKind,
} from '../../valuate/index.js'
import { type GlobalOptions, printResult } from '../context.js'
import { CliError, EXIT } from '../exit-codes.js'

/** The flags of `propdata backtest`. */
export interface BacktestFlags extends GlobalOptions {
  data?: string[]
  kind?: string
  folds?: string
  seed?: string
  plot?: string
}

const integer = (name: string, value: string | undefined, min: number, fallback: number): number => {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new CliError(`--${name} must be a whole number ≥ ${min}, got ${value}`, EXIT.USAGE)
  return Number(value)
}

const kindOf = (value: string | undefined): ValuationKind => {
  if (value === undefined) return 'sale'
  if (value === 'sale' || value === 'rent') return value
  throw new CliError(`--kind must be sale or rent, got ${value}`, EXIT.USAGE)
}

const readDatasets = (files: readonly string[] | undefined, kind: ValuationKind): Dataset[] => {
  if (!files) return loadDefaultDatasets(PROJECT_ROOT)
  return files.map((file) => {
    if (!existsSync(file)) throw new CliError(`No such file: ${file}`, EXIT.USAGE)
    try {
      return loadDatasetFile(file, kind)
    } catch (error) {
      throw new CliError((error as Error).message, EXIT.USAGE)
    }
  })
}

/** Where `--plot` writes: an .svg file in a folder that exists. */
function plotTarget(file: string): string {
  if (!file.toLowerCase().endsWith('.svg'))
    throw new CliError(`--plot writes SVG: name a .svg file, got ${file}`, EXIT.USAGE)
  const path = resolve(file)
  if (existsSync(path) && statSync(path).isDirectory())
    throw new CliError(`${file} is a folder; name a file in it`, EXIT.USAGE)
  if (!existsSync(dirname(path))) throw new CliError(`No such folder: ${dirname(path)}`, EXIT.USAGE)
  return path
}

/**
 * `propdata backtest`: k-fold cross-validation of the valuation models on held-out homes, against a naive pc4
 * price-per-m² baseline. Defaults to the Utrecht 2016 and Amsterdam 2021 sale sets and the Pararius 2024 rent set;
 * `--data` CSVs are of `--kind` (sale). `--json` prints the figures as fractions
 * (`{"datasets":[{name, kind, n, mdape, within10, within20, intervalCoverage, baseline, byConfidence, byMethod}]}`).
 * `--plot FILE.svg` also draws each set's held-out homes (see {@link backtestSvg}).
 */
export function backtest(flags: BacktestFlags): void {
  const folds = integer('folds', flags.folds, 2, 10)
  const seed = integer('seed', flags.seed, 0, 1)
  const plot = flags.plot === undefined ? undefined : plotTarget(flags.plot)
  const datasets = readDatasets(flags.data, kindOf(flags.kind))
  const runs = datasets.map((d) => backtestDataset(d, { folds, seed }))
  const report = { datasets: runs.map((r) => r.report) }
  if (plot) writeFileSync(plot, backtestSvg(runs))
  // Extra context beside the contract's fields: where each set came from and what its loader dropped, and why.
  const json = {
    folds,
    seed,
    ...(plot ? { plot } : {}),
    datasets: report.datasets.map((d, i) => ({
      ...d,
      source: datasets[i]!.source.replace(`${PROJECT_ROOT}/`, ''),
      dropped: datasets[i]!.dropped,
    })),
  }
  printResult(flags, json, () =>
    [
      `Back-test: ${folds}-fold cross-validation, seed ${seed}; every home valued by a model that never saw it.`,
      '',
      formatBacktestReport(report),
      '',
      'Per confidence class as stated: does each keep its promises?',
      '',
      formatClassReport(report),
      '',
      'Per method, with the confidence classes as stated:',
      '',
      formatMethodReport(report),
      '',
      'MdAPE = median absolute percentage error; ≤10 % / ≤20 % = share of homes valued within that of the price;',
      'coverage = share of prices inside [low, high], against the stated level; baseline = pc4 median price per m².',
      'A class meets its targets when its coverage is within 5 points of the level and its MdAPE within its bound;',
      `a class of fewer than ${MIN_JUDGED} homes is not judged, as chance alone moves its coverage that much.`,
      '+woz = the WOZ value blended in; woz-indexed-v1 = every home with a WOZ value, valued from it alone. A set',
      'without WOZ values (woz_value, woz_reference_date) measures neither.',
      ...(plot ? ['', `Plotted to ${plot}.`] : []),
    ].join('\n'),
  )
}
