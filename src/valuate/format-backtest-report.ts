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
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}
