import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseHTML } from 'linkedom'
import { expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { CLASS_SERIES } from '../../src/valuate/backtest-plot.js'
import { describeWithBrowser } from '../helpers/browser.js'
import { cleanEnv, runProcess } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
/** The bundled datasets the README's back-test plot shows. */
const DATASETS = ['utrecht-2016', 'amsterdam-2021', 'pararius-rent-2024']

describeWithBrowser('npm run docs-figures', () => {
  it('draws the back-test of every bundled dataset, every class and home, and screenshots the status page', async () => {
    const run = await runProcess(
      process.execPath,
      ['--import', 'tsx', join(PROJECT_ROOT, 'tools', 'docs-figures.ts'), dir],
      { cwd: PROJECT_ROOT, env: cleanEnv() },
    )
    expect(run.code, run.stderr).toBe(0)

    const { document } = parseHTML(readFileSync(join(dir, 'backtest.svg'), 'utf8'))
    const rows = [...document.querySelectorAll('g[aria-label^="dataset: "]')]
    expect(rows.map((g) => g.getAttribute('aria-label'))).toEqual(DATASETS.map((d) => `dataset: ${d}`))
    for (const row of rows) {
      const name = row.getAttribute('aria-label')!
      const homes = Number(/: (\d+) homes/.exec(row.querySelector('text')?.textContent ?? '')?.[1])
      const marks = (what: string) => [...row.querySelectorAll(`g[aria-description="${what}"]`)]
      let drawn = 0
      for (const { key } of CLASS_SERIES) {
        const dots = marks(`predicted against asked: ${key}`).reduce((n, g) => n + g.children.length, 0)
        drawn += dots
        // A class no home fell in has no dots, and says so in its coverage.
        const coverage = marks(`coverage: ${key}`)
        expect(coverage, `${name} ${key}`).toHaveLength(1)
        if (dots === 0) {
          expect(row.textContent, `${name} ${key}`).toContain('no homes')
          continue
        }
        expect(marks(`error: ${key}`).length, `${name} ${key}`).toBeGreaterThan(0)
        expect(
          Number(coverage[0]!.querySelector('rect')?.getAttribute('width')),
          `${name} ${key}`,
        ).toBeGreaterThan(0)
      }
      // Every home the model valued is a dot of its class.
      expect(homes, name).toBeGreaterThan(100)
      expect(drawn, name).toBe(homes)
    }

    const png = readFileSync(join(dir, 'status-sample.png'))
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.length).toBeGreaterThan(50_000)
  }, 300_000)
})
