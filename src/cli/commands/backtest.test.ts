import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../../test/helpers/cli.js'
import { useTempDir } from '../../../test/helpers/temp-dir.js'
import { PROJECT_ROOT } from '../../config.js'
import { loadDefaultDatasets } from '../../valuate/datasets.js'

const dir = useTempDir()
const fraction = expect.any(Number)
const classReport = {
  n: expect.any(Number),
  mdape: expect.toBeOneOf([fraction, null]),
  intervalCoverage: expect.toBeOneOf([fraction, null]),
  bound: expect.toBeOneOf([fraction, null]),
  meetsTargets: expect.toBeOneOf([true, false, null]),
}
const METHOD = { sale: 'hedonic-ppm2-shrinkage-v1', rent: 'hedonic-rentpm2-shrinkage-v1' }

describe('propdata backtest', () => {
  it('--json prints the figures of the default sets as fractions, and Utrecht meets its targets', async () => {
    const result = await runCli(['backtest', '--json'])
    expect(result.code, result.stderr).toBe(0)
    const report = JSON.parse(result.stdout)
    expect(report.datasets.map((d: { name: string; kind: string }) => `${d.name} ${d.kind}`)).toEqual([
      'utrecht-2016 sale',
      'amsterdam-2021 sale',
      'pararius-rent-2024 rent',
    ])
    for (const d of report.datasets) {
      expect(d).toMatchObject({
        n: expect.any(Number),
        mdape: fraction,
        within10: fraction,
        within20: fraction,
        intervalCoverage: fraction,
        baseline: { mdape: fraction, within10: fraction },
        byConfidence: { high: classReport, medium: classReport, low: classReport },
      })
      // The sets carry no WOZ values: only the hedonic path is measured, on every home.
      expect(Object.keys(d.byMethod)).toEqual([METHOD[d.kind as 'sale' | 'rent']])
      expect(d.byMethod[METHOD[d.kind as 'sale' | 'rent']]).toMatchObject({
        n: d.n,
        byConfidence: { high: classReport, medium: classReport, low: classReport },
      })
      for (const share of [d.mdape, d.within10, d.within20, d.intervalCoverage]) {
        expect(share).toBeGreaterThanOrEqual(0)
        expect(share).toBeLessThanOrEqual(1)
      }
    }
    const utrecht = report.datasets[0]
    expect(utrecht.n).toBeGreaterThan(4000)
    expect(utrecht.mdape).toBeLessThanOrEqual(0.07)
    expect(utrecht.within10).toBeGreaterThanOrEqual(0.65)
  }, 120_000)

  it('back-tests a CSV given with --data, with --folds and --seed, and prints a table without --json', async () => {
    const [, amsterdam] = loadDefaultDatasets(PROJECT_ROOT)
    const file = join(dir, 'my-homes.csv')
    const rows = amsterdam!.rows.slice(0, 300)
    writeFileSync(
      file,
      [
        'price,surface_area,postcode,city',
        ...rows.map((r) => `${r.price},${r.surfaceArea},${r.postcode},${r.city}`),
      ].join('\n'),
    )
    const json = await runCli(['backtest', '--data', file, '--folds', '4', '--seed', '7', '--json'])
    expect(json.code, json.stderr).toBe(0)
    expect(JSON.parse(json.stdout)).toMatchObject({
      folds: 4,
      seed: 7,
      datasets: [{ name: 'my-homes', n: 300 }],
    })
    // With WOZ values the blend and the indexed WOZ alone are measured too.
    const withWoz = join(dir, 'with-woz.csv')
    writeFileSync(
      withWoz,
      [
        'price,surface_area,postcode,city,woz_value,woz_reference_date,listed_at',
        ...rows.map(
          (r, i) =>
            `${r.price},${r.surfaceArea},${r.postcode},${r.city},${Math.round((r.price / 1.1) * (1 + 0.1 * Math.sin(i)))},2020-01-01,2021-08-01`,
        ),
      ].join('\n'),
    )
    const measured = JSON.parse(
      (await runCli(['backtest', '--data', withWoz, '--folds', '4', '--json'])).stdout,
    )
    expect(Object.keys(measured.datasets[0].byMethod)).toEqual([
      'hedonic-ppm2-shrinkage-v1+woz',
      'woz-indexed-v1',
    ])
    expect(measured.datasets[0].byMethod['woz-indexed-v1'].n).toBe(300)
    const table = await runCli(['backtest', '--data', file, '--folds', '4'])
    expect(table.code, table.stderr).toBe(0)
    expect(table.stdout).toMatch(/\| dataset \| kind \| n \| MdAPE/)
    expect(table.stdout).toMatch(/\| my-homes \| sale \| 300 \|/)
    expect(table.stdout).toMatch(
      /\| dataset \| class \| n \| coverage \| MdAPE \| bound \(MdAPE\) \| targets \|/,
    )
    expect(table.stdout).toMatch(
      /\| my-homes \| medium \| 0 \| – \| – \| ≤ 8\.0 % \| not judged \(n < 100\) \|/,
    )
    expect(table.stdout).toMatch(
      /\| my-homes \| low \| 300 \| [\d.]+ % \| [\d.]+ % \| none \| (met|MISSED) \|/,
    )
    expect(table.stdout).toMatch(/\| my-homes \| hedonic-ppm2-shrinkage-v1 \| 300 \|/)
  }, 120_000)

  it('back-tests monthly rents with --kind rent', async () => {
    const [, , rentals] = loadDefaultDatasets(PROJECT_ROOT)
    const file = join(dir, 'my-rents.csv')
    const rows = rentals!.rows.filter((r) => r.city === 'amsterdam').slice(0, 300)
    writeFileSync(
      file,
      [
        'price,surface_area,postcode,city',
        ...rows.map((r) => `${r.price},${r.surfaceArea},${r.postcode},${r.city}`),
      ].join('\n'),
    )
    const result = await runCli(['backtest', '--data', file, '--kind', 'rent', '--folds', '4', '--json'])
    expect(result.code, result.stderr).toBe(0)
    const [d] = JSON.parse(result.stdout).datasets
    expect(d).toMatchObject({ name: 'my-rents', kind: 'rent', n: 300 })
    expect(Object.keys(d.byMethod)).toEqual(['hedonic-rentpm2-shrinkage-v1'])
    // As asking prices, EUR 2,000 for 80 m² is no price at all: every row is dropped as a data error.
    const asSale = await runCli(['backtest', '--data', file, '--folds', '4', '--json'])
    expect(JSON.parse(asSale.stdout).datasets[0].dropped['implausible-price-per-m2']).toBe(300)
  }, 120_000)

  it('exits 2 on bad usage', async () => {
    expect((await runCli(['backtest', '--folds', '1'])).code).toBe(2)
    expect((await runCli(['backtest', '--data', join(dir, 'missing.csv')])).code).toBe(2)
    const kind = await runCli(['backtest', '--kind', 'lease'])
    expect(kind.code).toBe(2)
    expect(kind.stderr).toMatch(/--kind must be sale or rent, got lease/)
  }, 60_000)
})
