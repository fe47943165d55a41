import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { runIngest } from '../../src/pipeline/ingest.js'
import { openStore, type Store } from '../../src/store/database.js'
import { runCli, startCli } from '../helpers/cli.js'
import { type ListingSite, startListingSite } from '../helpers/listing-site.js'
import { ALL_SOURCES } from '../helpers/registry.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir('propdata-retire-')
const config = testConfig(dir)
const db = config.dbPath
const KEY = 'retire-test-key-0123456789'
const env = { PROPDATA_DATA_DIR: dir, PROPDATA_API_KEYS: KEY }
let store: Store
let acme: ListingSite
let other: ListingSite
let base = ''
const children: { kill(): void }[] = []

const home = (id: string, houseNumber: string) => ({
  sourceListingId: id,
  type: 'rent' as const,
  price: 1500,
  surfaceArea: 70,
  street: 'Retirestraat',
  houseNumber,
  postcode: '1234 AB',
  city: 'Amsterdam',
})

/**
 * Sources this process registers and the server, started before, never saw: the server's own list of sources is
 * the one it was started with.
 */
const run = (sites: ListingSite[], registry = sites) =>
  runIngest({
    store,
    config,
    sources: sites.map((s) => s.source),
    registry: registry.map((s) => s.source),
    scope: { cities: ['Amsterdam'], types: ['rent', 'buy'] },
    mode: 'live',
    recordTo: join(dir, 'archives', `${Date.now()}.warc.gz`),
    logger: SILENT_LOGGER,
  } as Parameters<typeof runIngest>[0])

interface ApiSource {
  id: string
  name: string
  status: string | null
  active_listings: number | null
}
const apiSources = async () => {
  const res = await fetch(`${base}/v1/sources`, { headers: { 'X-API-Key': KEY } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: ApiSource[] }).data
}
const statusOf = (sourceListingId: string) =>
  store.sqlite
    .prepare(
      'select l.status from listings l join observations o on o.listing_id = l.id where o.source_listing_id = ?',
    )
    .pluck()
    .get(sourceListingId)

beforeAll(async () => {
  store = await openStore(db)
  acme = await startListingSite('acme-homes')
  Object.assign(acme, { source: { ...acme.source, name: 'Acme Homes' } })
  other = await startListingSite('other-site')
  acme.listings = [home('a-12', '12'), home('a-14', '14')]
  other.listings = [home('o-12', '12')]
  const server = await startCli(['serve', '--db', db, '--port', '0'], /on (http:\/\/[\d.]+:\d+)/, env)
  children.push(server.child)
  base = server.match[1]!
}, 60_000)
afterAll(async () => {
  for (const child of children) child.kill()
  await acme.close()
  await other.close()
  await store.close()
})

describe('sources the server did not know when it started, and retiring a source', () => {
  it('a newly registered source shows in /v1/sources without a server restart, run or not', async () => {
    const report = await run([acme], [acme, other])
    expect(report.exitCode).toBe(0)
    const sources = await apiSources()
    expect(sources.find((s) => s.id === 'acme-homes')).toMatchObject({
      name: 'Acme Homes',
      status: 'ok',
      active_listings: 2,
    })
    expect(sources.find((s) => s.id === 'other-site')).toMatchObject({ status: null, active_listings: 0 })
  }, 60_000)

  it('`propdata sources` names a source missing from the registry, with its active listings and how to retire it', async () => {
    await run([acme, other])
    const text = (await runCli(['sources', '--db', db], env)).stdout
    expect(text).toMatch(
      /^acme-homes .*unregistered: 2 active listings on offer until it is retired \(npm run cli -- sources retire acme-homes\)$/m,
    )
    const rows = JSON.parse((await runCli(['sources', '--db', db, '--json'], env)).stdout) as {
      id: string
      registered: boolean
      retired: boolean
      activeListings: number | null
    }[]
    expect(rows.find((r) => r.id === 'acme-homes')).toMatchObject({
      registered: false,
      retired: false,
      activeListings: 2,
    })
    expect(rows.find((r) => r.id === 'funda')).toMatchObject({ registered: true, retired: false })
  }, 60_000)

  it('`sources retire ID` withdraws its listings in one published generation and keeps its history', async () => {
    const generation = () =>
      store.sqlite.prepare('select generation from publication').pluck().get() as number
    const before = generation()
    const observations = store.sqlite.prepare('select count(*) from observations').pluck().get()
    const result = await runCli(['sources', 'retire', 'acme-homes', '--db', db], env)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(
      new RegExp(`^Retired acme-homes: 2 active listings withdrawn; published generation ${before + 1}`),
    )
    expect(generation()).toBe(before + 1)
    // Its own listing is withdrawn; the home it shared with another source stays on offer through that one.
    expect(statusOf('a-14')).toBe('withdrawn')
    expect(statusOf('a-12')).toBe('active')
    expect(store.sqlite.prepare('select count(*) from observations').pluck().get()).toBe(observations)

    const runs = JSON.parse((await runCli(['runs', '--db', db, '--json'], env)).stdout) as {
      kind: string
      status: string
      sources: string[]
    }[]
    expect(runs[0]).toMatchObject({ kind: 'retire', status: 'succeeded', sources: ['acme-homes'] })
    expect(runs.filter((r) => r.sources.includes('acme-homes'))).toHaveLength(3)
    const text = (await runCli(['sources', '--db', db], env)).stdout
    expect(text).toMatch(/^acme-homes .*retired at /m)

    // The CLI registered its own registry, which has neither test site; a run of the other registers both again:
    // the retired one stays out of /v1/sources, the other is listed.
    expect((await run([other], [acme, other])).exitCode).toBe(0)
    const sources = await apiSources()
    expect(sources.map((s) => s.id)).not.toContain('acme-homes')
    expect(sources.map((s) => s.id)).toContain('other-site')
  }, 60_000)

  it('refuses to retire a register or a source it never heard of (exit 2)', async () => {
    const unknown = await runCli(['sources', 'retire', 'nowhere', '--db', db], env)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/nowhere/)
    expect((await runCli(['sources', 'retire', 'bag', '--db', db], env)).code).toBe(2)
  }, 60_000)

  it('comes back when a run names it', async () => {
    const back = await run([acme])
    expect(back.exitCode).toBe(0)
    expect((await apiSources()).find((s) => s.id === 'acme-homes')).toMatchObject({
      status: 'ok',
      active_listings: 2,
    })
  }, 60_000)
})

describe('a run over every registered source', () => {
  const sampleDir = useTempDir('propdata-retire-sample-')
  const sampleDb = join(sampleDir, 'propdata.db')
  const sampleEnv = { PROPDATA_DATA_DIR: sampleDir }
  const archive = join(PROJECT_ROOT, 'data', 'sample', 'archive.warc.gz')

  it('leaves a retired source out, and says so', async () => {
    const first = await runCli(['ingest', '--sample', '--sources', 'kamernet', '--db', sampleDb], sampleEnv)
    expect(first.code, first.stderr).toBe(0)
    const retired = await runCli(['sources', 'retire', 'kamernet', '--db', sampleDb], sampleEnv)
    expect(retired.code, retired.stderr).toBe(0)
    const result = await runCli(
      ['ingest', '--replay', archive, '--cities', 'Groningen', '--db', sampleDb, '--json'],
      sampleEnv,
    )
    const report = JSON.parse(result.stdout) as { sources: { source: string }[] }
    // Every crawled source the registry has, code adapters and site files, but the retired one.
    const others = ALL_SOURCES.filter((s) => s.kind === 'crawl' && s.id !== 'kamernet').map((s) => s.id)
    expect(report.sources.map((s) => s.source)).toEqual(others)
    expect(result.stderr).toMatch(/kamernet.*retired/)
  }, 120_000)
})
