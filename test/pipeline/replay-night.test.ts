import { describe, expect, it } from 'vitest'
import { ingestSample, testConfig } from '../helpers/sample-database.js'
import { useTempDir } from '../helpers/temp-dir.js'

describe('a replay has no night to run out of', () => {
  const dir = useTempDir()

  it('reads the whole recorded archive however short the night, as it asks no site for anything', async () => {
    // A night of 36 seconds: less than one request at Funda's 4 s, a few at Pararius's 2 s.
    const report = await ingestSample(testConfig(dir, { nightHours: 0.01 }))
    expect(report.exitCode).toBe(0)
    const crawled = report.sources.filter((s) => s.source !== 'feed')
    expect(crawled.length).toBeGreaterThan(0)
    for (const s of crawled) {
      expect(s.budgetCut, s.source).toBe(false)
      expect(s.searchesComplete, s.source).toBe(s.searches)
    }
    expect(report.sources.find((s) => s.source === 'funda')?.listings).toBeGreaterThan(0)
  }, 120_000)
})
