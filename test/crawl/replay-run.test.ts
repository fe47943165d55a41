import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { type IngestOptions, runIngest } from '../../src/pipeline/ingest.js'
import { openStore, type Store } from '../../src/store/database.js'
import { startLocalSite } from '../fetch/local-site.js'
import { runCli } from '../helpers/cli.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'
import {
  HTML_HOMES,
  htmlHomesSource,
  htmlSiteRoutes,
  JSON_HOMES,
  jsonHomesSource,
  jsonSiteRoutes,
} from './test-sources.js'

const dir = useTempDir()

/** The published listings, without what differs between two runs of the same data (times, ids). */
async function published(store: Store) {
  const rows = await store.db
    .selectFrom('listings')
    .select(['type', 'status', 'street', 'number', 'postcode', 'city', 'price', 'surface_area', 'source_url'])
    .orderBy('source_url')
    .execute()
  return rows
}

async function storeIn(name: string) {
  const root = join(dir, name)
  mkdirSync(root, { recursive: true })
  const config = testConfig(root)
  return { config, store: await openStore(config.dbPath) }
}

describe('ingest --replay: a recorded live run replays offline to the same result', () => {
  it('records a live run against local sites, then replays it with the sites gone', async () => {
    const a = await startLocalSite(htmlSiteRoutes(HTML_HOMES))
    const b = await startLocalSite(jsonSiteRoutes(JSON_HOMES))
    const sources = [htmlHomesSource('site-a', a.origin), jsonHomesSource('site-b', b.origin)]
    const base = {
      sources,
      scope: { cities: ['Utrecht'], types: ['rent'] },
      logger: SILENT_LOGGER,
    } satisfies Partial<IngestOptions>

    const live = await storeIn('live')
    const recorded = await runIngest({ ...base, ...live, mode: 'live' })
    await Promise.all([a.close(), b.close()])
    expect(recorded).toMatchObject({ status: 'succeeded', exitCode: 0 })
    expect(recorded.archive).toMatch(/run-000001\.warc\.gz$/)

    const offline = await storeIn('replay')
    const replayed = await runIngest({ ...base, ...offline, mode: 'replay', archives: [recorded.archive!] })

    expect(replayed).toMatchObject({ status: 'succeeded', exitCode: 0, mode: 'replay', archive: null })
    const counts = (r: typeof recorded) =>
      r.sources.map((s) => [s.source, s.status, s.pages, s.listings, s.new])
    expect(counts(replayed)).toEqual(counts(recorded))
    expect(await published(offline.store)).toEqual(await published(live.store))
    expect(await published(offline.store)).toHaveLength(HTML_HOMES.length + JSON_HOMES.length)
    await Promise.all([live.store.close(), offline.store.close()])
  }, 60_000)

  it('works from the command line on the bundled archive', async () => {
    const archive = join(PROJECT_ROOT, 'data', 'sample', 'archive.warc.gz')
    const db = join(dir, 'cli.db')
    const result = await runCli(
      ['ingest', '--replay', archive, '--sources', 'pararius', '--db', db, '--json'],
      {
        PROPDATA_DATA_DIR: dir,
      },
    )
    expect(result.code, result.stderr).toBe(0)
    const report = JSON.parse(result.stdout)
    expect(report).toMatchObject({ status: 'succeeded', mode: 'replay', problems: [] })
    expect(report.sources[0]).toMatchObject({ source: 'pararius', status: 'ok' })
    expect(report.sources[0].listings).toBeGreaterThanOrEqual(200)
  }, 120_000)
})
