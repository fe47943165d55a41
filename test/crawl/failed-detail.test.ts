import { mkdirSync } from 'node:fs'
import { expect, it } from 'vitest'
import { runIngest } from '../../src/pipeline/ingest.js'
import { openStore } from '../../src/store/database.js'
import { type Route, startLocalSite } from '../fetch/local-site.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { HTML_HOMES, htmlHomesSource, htmlSiteRoutes } from './test-sources.js'

const dir = useTempDir()

it('keeps a listing whose card is still listed when its detail page fails', async () => {
  const failing = `/homes/${HTML_HOMES[0]!.id}`
  let broken = false
  const routes: Record<string, Route> = { ...htmlSiteRoutes(HTML_HOMES) }
  const healthy = routes[failing]!
  routes[failing] = (request, response, hit) =>
    broken
      ? { status: 500, body: 'down' }
      : typeof healthy === 'function'
        ? healthy(request, response, hit)
        : healthy
  const site = await startLocalSite(routes)
  mkdirSync(dir, { recursive: true })
  // Every detail page is requested each run, and one missed run is enough to withdraw: the sharpest setting.
  const config = { ...testConfig(dir), crawl: 'full' as const, withdrawAfterRuns: 1 }
  const store = await openStore(config.dbPath)
  const run = () =>
    runIngest({
      store,
      config,
      sources: [htmlHomesSource('site', site.origin)],
      logger: SILENT_LOGGER,
      scope: { cities: ['Utrecht'], types: ['rent'] },
      mode: 'live',
    })
  const status = () =>
    store.sqlite
      .prepare('select source_listing_id as id, status, verified_by from observations order by id')
      .all() as { id: string; status: string; verified_by: string }[]
  try {
    await run()
    expect(status().every((o) => o.status === 'active')).toBe(true)

    broken = true
    const second = await run()
    expect(second.sources[0]!.pagesFailed).toBe(1)
    expect(status().find((o) => o.id === HTML_HOMES[0]!.id)).toMatchObject({
      status: 'active',
      // Its card was seen on the list page; its detail page was not read this time.
      verified_by: 'list',
    })
    expect(status().filter((o) => o.status === 'withdrawn')).toEqual([])
  } finally {
    await store.close()
    await site.close()
  }
})
