/**
 * Renders a back-test report as a plain-text table for the CLI and for pull requests.
 */
import type { BacktestReport } from './backtest.js'

const pct = (x: number) => (Number.isNaN(x) ? '–' : `${(x * 100).toFixed(1)} %`)

/** One row per dataset: accuracy, interval coverage against its level, baseline, and per confidence class. */
export function formatBacktestReport(report: BacktestReport): string {
  const header = [
    'dataset',
    'n',
    'MdAPE',
    '≤10 %',
    '≤20 %',
    'coverage (level)',
    'baseline MdAPE / ≤10 %',
    'high n / MdAPE',
    'medium n / MdAPE',
    'low n / MdAPE',
  ]
  const rows = report.datasets.map((d) => [
    d.name,
    String(d.n),
    pct(d.mdape),
    pct(d.within10),
    pct(d.within20),
    `${pct(d.intervalCoverage)} (${pct(d.intervalLevel)})`,
    `${pct(d.baseline.mdape)} / ${pct(d.baseline.within10)}`,
    ...(['high', 'medium', 'low'] as const).map(
      (c) => `${d.byConfidence[c].n} / ${pct(d.byConfidence[c].mdape)}`,
    ),
  ])
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
