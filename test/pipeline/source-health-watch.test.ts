import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/api/app.js'
import type { ListingInput } from '../../src/kit/index.js'
import { runIngest, type SourceReport } from '../../src/pipeline/ingest.js'
import { openStore, type Store } from '../../src/store/database.js'
import { runCli } from '../helpers/cli.js'
import { type ListingSite, startListingSite } from '../helpers/listing-site.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'

const KEY = 'health-watch-key-0123456789'
const dir = useTempDir('propdata-health-')
// A listing missed once is withdrawn at once: any withdrawal a degraded run let through would show.
const config = testConfig(dir, { withdrawAfterRuns: 1, envApiKeys: [KEY] })
let store: Store
let site: ListingSite
/** The id of the last night's run. */
let lastRunId = 0

/** Home `i` of the site, every watched field filled. */
const home = (i: number): Omit<ListingInput, 'url'> => ({
  sourceListingId: `home-${i}`,
  type: 'rent',
  price: 1_000 + i,
  surfaceArea: 40 + i,
  street: 'Teststraat',
  houseNumber: String(i + 1),
  postcode: '1234 AB',
  city: 'Amsterdam',
  listedAt: '2026-11-01',
})

/** Homes 0 to n - 1; the first `withoutPostcode` of them without a postcode. */
const homes = (n: number, withoutPostcode = 0) =>
  Array.from({ length: n }, (_, i) => (i < withoutPostcode ? { ...home(i), postcode: null } : home(i)))

/** One night: the site lists `listings`, the real pipeline crawls it over HTTP; the source's line of the report. */
const night = async (listings: Omit<ListingInput, 'url'>[]): Promise<SourceReport> => {
  site.listings = listings
  const report = await runIngest({
    store,
    config,
    sources: [site.source],
    scope: { cities: ['Amsterdam'], types: ['rent'] },
    mode: 'live',
    recordTo: join(dir, 'archives', `${Date.now()}.warc.gz`),
    logger: SILENT_LOGGER,
  })
  lastRunId = report.runId
  return report.sources[0]!
}

const active = () =>
  store.sqlite
    .prepare("select count(*) from observations where source_id = 'watched' and status = 'active'")
    .pluck()
    .get() as number

const postcodesKept = () =>
  store.sqlite
    .prepare(
      "select count(*) from observations where source_id = 'watched' and status = 'active' and postcode = '1234 AB'",
    )
    .pluck()
    .get() as number

beforeAll(async () => {
  store = await openStore(config.dbPath)
  site = await startListingSite('watched')
})
afterAll(async () => {
  await site.close()
  await store.close()
})

describe('the health watch compares each run with the median of the recent ones', () => {
  it('a source without history is not degraded, and its fill rates are recorded', async () => {
    const first = await night(homes(30))
    expect(first).toMatchObject({ status: 'ok', listings: 30, degradedBy: [] })
    expect(first.fillRates).toEqual({
      price: 100,
      surface_area: 100,
      postcode: 100,
      house_number: 100,
      street: 100,
      listed_at: 100,
    })
    expect(active()).toBe(30)
  }, 60_000)

  it('a small fluctuation is not degraded: two homes gone and withdrawn, a few without postcode', async () => {
    const second = await night(homes(28, 3))
    expect(second).toMatchObject({ status: 'ok', listings: 28, withdrawn: 2, degradedBy: [] })
    expect(second.fillRates?.postcode).toBe(89.3)
    expect(active()).toBe(28)
  }, 60_000)

  it('a count that falls by more than half is degraded, and nothing is withdrawn', async () => {
    const third = await night(homes(12))
    expect(third).toMatchObject({
      status: 'degraded',
      listings: 12,
      withdrawn: 0,
      degradedBy: ['listing-count'],
      message: expect.stringMatching(
        /^12 listings, less than half the median of the last 2 whole runs \(29\)/,
      ),
    })
    expect(active()).toBe(28)
  }, 60_000)

  it('a postcode fill rate that falls by 20 points is degraded: nothing withdrawn, nothing overwritten', async () => {
    const postcodesBefore = postcodesKept()
    // One home gone and 15 of the rest without a postcode: a selector that stopped matching.
    const fourth = await night(homes(27, 15))
    expect(fourth).toMatchObject({
      status: 'degraded',
      listings: 27,
      new: 0,
      updated: 0,
      withdrawn: 0,
      degradedBy: ['fill-rate'],
      message: expect.stringMatching(
        /^postcode fill 94\.7 % → 44\.4 % \(median of 2\); a fall of 20 points or more/,
      ),
    })
    expect(active()).toBe(28)
    // The homes whose postcode the night lost still have the one the source gave before.
    expect(postcodesKept()).toBe(postcodesBefore)
    expect(postcodesBefore).toBeGreaterThanOrEqual(25)
  }, 60_000)

  it('`runs show` says why it is degraded and gives its fill rates', async () => {
    const show = await runCli(['runs', 'show', String(lastRunId), '--db', config.dbPath], {
      PROPDATA_DATA_DIR: dir,
    })
    expect(show.code, show.stderr).toBe(0)
    expect(show.stdout).toMatch(/watched\s+degraded/)
    expect(show.stdout).toMatch(/^ +postcode fill 94\.7 % → 44\.4 %/m)
    expect(show.stdout).toContain(
      'Fill rates: watched price 100 %, living area 100 %, postcode 44.4 %, house number 100 %, street 100 %, listing date 100 %',
    )
  }, 60_000)

  it('/v1/sources and /metrics say which check degraded it and show its fill rates', async () => {
    const readonly = await openStore(config.dbPath, { readonly: true })
    const app: FastifyInstance = await buildApp({ store: readonly, config })
    try {
      const sources = await app.inject({ url: '/v1/sources', headers: { 'x-api-key': KEY } })
      expect(sources.statusCode).toBe(200)
      const watched = (sources.json() as { data: { id: string }[] }).data.find((s) => s.id === 'watched')
      expect(watched).toMatchObject({
        status: 'degraded',
        last_run: {
          message: expect.stringMatching(/^postcode fill/),
          degraded_by: ['fill-rate'],
          fill_rates: { postcode: 44.4, price: 100 },
        },
      })
      const metrics = (await app.inject({ url: '/metrics' })).body
      expect(metrics).toMatch(/^propdata_source_degraded\{source="watched",check="fill-rate"\} 1$/m)
      expect(metrics).toMatch(/^propdata_source_fill_rate\{source="watched",field="postcode"\} 44\.4$/m)
    } finally {
      await app.close()
      await readonly.close()
    }
  }, 60_000)

  it('once the site is whole again the source is ok and the home that went is withdrawn', async () => {
    const fifth = await night(homes(27))
    expect(fifth).toMatchObject({ status: 'ok', listings: 27, withdrawn: 1, degradedBy: [] })
    expect(active()).toBe(27)
  }, 60_000)
})
