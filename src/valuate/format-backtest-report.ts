/**
 * Renders a back-test report as a plain-text table for the CLI and for pull requests.
 */
import { type BacktestReport, MIN_JUDGED } from './backtest.js'

const pct = (x: number) => (Number.isNaN(x) ? '–' : `${(x * 100).toFixed(1)} %`)

/** One row per dataset: accuracy, interval coverage against its level, and the baseline. */
export function formatBacktestReport(report: BacktestReport): string {
  const header = [
    'dataset',
    'kind',
    'n',
    'MdAPE',
    '≤10 %',
    '≤20 %',
    'coverage (level)',
    'baseline MdAPE / ≤10 %',
  ]
  const rows = report.datasets.map((d) => [
    d.name,
    d.kind,
    String(d.n),
    pct(d.mdape),
    pct(d.within10),
    pct(d.within20),
    `${pct(d.intervalCoverage)} (${pct(d.intervalLevel)})`,
    `${pct(d.baseline.mdape)} / ${pct(d.baseline.within10)}`,
  ])
  return table(header, rows)
}

/**
 * One row per dataset and confidence class as stated: its held-out homes, their interval coverage and median error,
 * the median error the class promises, and whether it kept its promises (coverage within 5 points of the level, median
 * error within the bound).
 */
export function formatClassReport(report: BacktestReport): string {
  const header = ['dataset', 'class', 'n', 'coverage', 'MdAPE', 'bound (MdAPE)', 'targets']
  const rows = report.datasets.flatMap((d) =>
    (['high', 'medium', 'low'] as const).map((c) => {
      const r = d.byConfidence[c]
      return [
        d.name,
        c,
        String(r.n),
        pct(r.intervalCoverage),
        pct(r.mdape),
        r.bound === null ? 'none' : `≤ ${pct(r.bound)}`,
        r.meetsTargets === null ? `not judged (n < ${MIN_JUDGED})` : r.meetsTargets ? 'met' : 'MISSED',
      ]
    }),
  )
  return table(header, rows)
}

/** One row per dataset and method, with the classes as stated; a method no home took has no row. */
export function formatMethodReport(report: BacktestReport): string {
  const header = [
    'dataset',
    'method',
    'n',
    'MdAPE',
    '≤10 %',
    'coverage',
    'high n / MdAPE',
    'medium n / MdAPE',
    'low n / MdAPE',
  ]
  const rows = report.datasets.flatMap((d) =>
    Object.entries(d.byMethod).map(([method, m]) => [
      d.name,
      method,
      String(m.n),
      pct(m.mdape),
      pct(m.within10),
      pct(m.intervalCoverage),
      ...(['high', 'medium', 'low'] as const).map(
        (c) => `${m.byConfidence[c].n} / ${pct(m.byConfidence[c].mdape)}`,
      ),
    ]),
  )
  return table(header, rows)
}

/** A Markdown table. */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}
