import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/api/app.js'
import type { ListingInput } from '../../src/kit/index.js'
import { runIngest } from '../../src/pipeline/ingest.js'
import { openStore } from '../../src/store/database.js'
import { type ListingSite, startListingSite } from '../helpers/listing-site.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'

const KEY = 'hidden-numbers-key-0123456789'
const dir = useTempDir('propdata-hidden-numbers-')
const sites: ListingSite[] = []

/** A flat on the Oudedijk as a site that hides house numbers shows it: street, postcode, rent, area, kind. */
const flat: Omit<ListingInput, 'url'> = {
  sourceListingId: 'x',
  type: 'rent',
  price: 912,
  surfaceArea: 13,
  dwellingType: 'apartment',
  street: 'Oudedijk',
  houseNumber: null,
  postcode: '3061 AH',
  city: 'Rotterdam',
  listedAt: '2026-09-23',
}
const on = (id: string, changes: Partial<typeof flat> = {}) => ({ ...flat, sourceListingId: id, ...changes })

beforeAll(async () => {
  for (const id of ['portal-a', 'portal-b', 'portal-c']) sites.push(await startListingSite(id))
})
afterAll(async () => {
  for (const site of sites) await site.close()
})

/** A database of its own for one test, and runs of the sites with listings into it, most trusted first (a, b, c). */
async function market(name: string) {
  const config = testConfig(join(dir, name), { envApiKeys: [KEY] })
  const store = await openStore(config.dbPath)
  const run = async () => {
    const report = await runIngest({
      store,
      config,
      sources: sites.filter((s) => s.listings.length > 0).map((s) => s.source),
      scope: { cities: ['Rotterdam'], types: ['rent'] },
      mode: 'live',
      recordTo: join(config.dataDir, 'archives', `${Date.now()}.warc.gz`),
      logger: SILENT_LOGGER,
      priority: (id) => sites.findIndex((s) => s.source.id === id),
    })
    expect(report.exitCode).toBe(0)
  }
  const active = () =>
    store.sqlite
      .prepare("select id, sources_json, price from listings where status = 'active' order by id")
      .all() as { id: number; sources_json: string; price: number }[]
  const aliases = () =>
    store.sqlite.prepare('select listing_id, survivor_id from listing_aliases order by listing_id').all() as {
      listing_id: number
      survivor_id: number
    }[]
  return { config, store, run, active, aliases }
}

/** What each site lists. */
function list(
  a: Omit<ListingInput, 'url'>[],
  b: Omit<ListingInput, 'url'>[],
  c: Omit<ListingInput, 'url'>[] = [],
) {
  sites[0]!.listings = a
  sites[1]!.listings = b
  sites[2]!.listings = c
}

describe('one home two sites show without its number', () => {
  it('is one listing, kept across runs and when the facts drift, and the merged-away id answers as the survivor', async () => {
    const m = await market('pair')
    // Portal b gives no listing date: a fact one side leaves out says nothing.
    list([on('a1')], [on('b1', { listedAt: null })])
    await m.run()
    const [merged] = m.active()
    expect(m.active()).toHaveLength(1)
    expect(JSON.parse(merged!.sources_json).map((s: { name: string }) => s.name)).toEqual([
      'portal-a',
      'portal-b',
    ])
    const [alias] = m.aliases()
    expect(alias).toMatchObject({ survivor_id: merged!.id })
    expect(alias!.listing_id).toBeGreaterThan(merged!.id)

    // Again, and then with the rent changed on one site first: the merge holds, under the same id.
    await m.run()
    list([on('a1')], [on('b1', { listedAt: null, price: 950 })])
    await m.run()
    expect(m.active().map((l) => [l.id, l.price])).toEqual([[merged!.id, 912]])
    expect(m.aliases()).toEqual([alias])

    const readonly = await openStore(m.config.dbPath, { readonly: true })
    const app = await buildApp({ store: readonly, config: m.config })
    try {
      const old = await app.inject({
        url: `/v1/listings/lis_${alias!.listing_id}`,
        headers: { 'x-api-key': KEY },
      })
      expect(old.statusCode).toBe(200)
      expect(old.headers['content-location']).toBe(`lis_${merged!.id}`)
      expect(old.json()).toMatchObject({
        id: `lis_${merged!.id}`,
        sources: [{ name: 'portal-a' }, { name: 'portal-b' }],
      })
      expect(
        (await app.inject({ url: '/v1/listings/lis_999999', headers: { 'x-api-key': KEY } })).statusCode,
      ).toBe(404)
    } finally {
      await app.close()
      await readonly.close()
      await m.store.close()
    }
  }, 60_000)

  it('merges one home on three sites into one listing', async () => {
    const m = await market('three')
    list([on('a1')], [on('b1', { listedAt: null })], [on('c1')])
    await m.run()
    expect(m.active()).toHaveLength(1)
    expect(m.aliases()).toHaveLength(2)
    await m.store.close()
  }, 60_000)

  it('gives a new home an id above every merged-away one', async () => {
    const m = await market('new-ids')
    list([on('a1')], [on('b1', { listedAt: null })])
    await m.run()
    const [alias] = m.aliases()
    list([on('a1'), on('a2', { street: 'Singel' })], [on('b1', { listedAt: null })])
    await m.run()
    expect(Math.max(...m.active().map((l) => l.id))).toBeGreaterThan(alias!.listing_id)
    await m.store.close()
  }, 60_000)
})

describe('listings that look alike but are not one home for certain', () => {
  it('never merges two listings of one site', async () => {
    const m = await market('one-site')
    list([on('a1'), on('a2')], [])
    await m.run()
    expect(m.active()).toHaveLength(2)
    expect(m.aliases()).toEqual([])
    await m.store.close()
  }, 60_000)

  it('merges nothing where a listing pairs with two of another site (twin flats)', async () => {
    const m = await market('twins')
    list([on('a1'), on('a2')], [on('b1', { listedAt: null })])
    await m.run()
    expect(m.active()).toHaveLength(3)
    expect(m.aliases()).toEqual([])
    await m.store.close()
  }, 60_000)

  it('merges nothing where a listing pairs with two that disagree with each other', async () => {
    const m = await market('disagree')
    // b gives no date, so it pairs with a and with c; a and c were listed on different days.
    list([on('a1')], [on('b1', { listedAt: null })], [on('c1', { listedAt: '2026-10-01' })])
    await m.run()
    expect(m.active()).toHaveLength(3)
    expect(m.aliases()).toEqual([])
    await m.store.close()
  }, 60_000)

  it('keeps apart listings that differ in a fact both give, or lack the postcode', async () => {
    const m = await market('differ')
    list(
      [on('a1'), on('a2', { street: 'Singel' }), on('a3', { street: 'Kade', postcode: null })],
      [
        on('b1', { surfaceArea: 14 }),
        on('b2', { street: 'Singel', dwellingType: 'room' }),
        on('b3', { street: 'Kade', postcode: null }),
      ],
    )
    await m.run()
    expect(m.active()).toHaveLength(6)
    expect(m.aliases()).toEqual([])
    await m.store.close()
  }, 60_000)
})
