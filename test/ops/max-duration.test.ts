import { describe, expect, it } from 'vitest'
import { ingestWith } from '../../src/cli/commands/ingest.js'
import { parseDuration } from '../../src/ops/parse-duration.js'
import type { RunEvent } from '../../src/pipeline/run-events.js'
import { openStore } from '../../src/store/database.js'
import { ingestSample, testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'

/** Listings the full bundled sample publishes (distinct homes and offer types over its seven sources). */
const SAMPLE_LISTINGS = 601

/** A sample run that is stopped (as the deadline or SIGTERM would) once `after` listings were parsed. */
async function stoppedSampleRun(dir: string, after: number) {
  const config = testConfig(dir)
  const store = await openStore(config.dbPath)
  try {
    const stop = new AbortController()
    let listings = 0
    const onEvent = (event: RunEvent) => {
      if (event.type === 'listing' && ++listings === after) stop.abort()
    }
    const report = await ingestWith(config, store, { sample: true }, SILENT_LOGGER, {
      onEvent,
      signal: stop.signal,
    })
    const active = store.sqlite
      .prepare("select count(*) as n from listings where status = 'active'")
      .get() as {
      n: number
    }
    return { report, active: active.n }
  } finally {
    await store.close()
  }
}

describe('parseDuration', () => {
  it('reads hours, minutes and seconds', () => {
    expect(parseDuration('90m')).toBe(5_400_000)
    expect(parseDuration('2h')).toBe(7_200_000)
    expect(parseDuration('3600s')).toBe(3_600_000)
    expect(parseDuration('1h30m')).toBe(5_400_000)
  })
  it('refuses anything else, saying what it expected', () => {
    for (const bad of ['', '0m', '90', '1.5h', 'soon', '2d'])
      expect(() => parseDuration(bad)).toThrow(/Expected a duration like 90m/)
  })
})

describe('a run stopped before the end', () => {
  it('publishes what finished, with status stopped and exit code 3', async () => {
    const { report, active } = await stoppedSampleRun(useTempDir(), 50)
    expect(report).toMatchObject({ status: 'stopped', exitCode: 3 })
    expect(report.sources[0]).toMatchObject({ source: 'pararius', status: 'stopped', withdrawn: 0 })
    expect(report.generation).not.toBeNull()
    expect(active).toBeGreaterThanOrEqual(50)
    expect(active).toBeLessThan(SAMPLE_LISTINGS)
    expect(report.problems[0]).toMatch(/^pararius: stopped/)
  }, 60_000)

  it('withdraws nothing: listings it did not reach stay active', async () => {
    const dir = useTempDir()
    await ingestSample(testConfig(dir))
    const { report, active } = await stoppedSampleRun(dir, 20)
    expect(report.status).toBe('stopped')
    expect(report.sources.every((s) => s.withdrawn === 0)).toBe(true)
    // Every listing of the full run is still on offer: none withdrawn, and none merged away by the partial one.
    expect(active).toBe(SAMPLE_LISTINGS)
  }, 60_000)
})
