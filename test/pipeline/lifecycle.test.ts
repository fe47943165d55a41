import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runIngest } from '../../src/pipeline/ingest.js'
import { importBag } from '../../src/registers/import-bag.js'
import { openStore, type Store } from '../../src/store/database.js'
import { createBagExtractWriter } from '../../testkit/bag-extract/extract-writer.js'
import { type ListingSite, startListingSite } from '../helpers/listing-site.js'
import { defaultSourcePriority } from '../helpers/registry.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
const config = testConfig(dir, { withdrawAfterRuns: 2 })
let store: Store
let a: ListingSite
let b: ListingSite

const home = (id: string, houseNumber: string, price: number) => ({
  sourceListingId: id,
  type: 'rent' as const,
  price,
  surfaceArea: 70,
  street: 'Teststraat',
  houseNumber,
  postcode: '1234 AB',
  city: 'Amsterdam',
})

const run = (sites: ListingSite[], partial?: { cities: string[]; types: ('rent' | 'buy')[] }) =>
  runIngest({
    store,
    config,
    sources: sites.map((s) => s.source),
    scope: partial ?? { cities: ['Amsterdam', 'Rotterdam'], types: ['rent', 'buy'] },
    partialScope: partial !== undefined,
    mode: 'live',
    recordTo: join(dir, 'archives', `${Date.now()}.warc.gz`),
    logger: SILENT_LOGGER,
    priority: (id) => (id === 'site-a' ? 0 : 1),
  })

interface Row {
  id: number
  status: string
  price: number
  sources_json: string
  bag_id: string | null
}
const listings = () =>
  store.sqlite
    .prepare('select id, status, price, sources_json, bag_id from listings order by id')
    .all() as Row[]

beforeAll(async () => {
  store = await openStore(config.dbPath)
  a = await startListingSite('site-a')
  b = await startListingSite('site-b')
})
afterAll(async () => {
  await a.close()
  await b.close()
  await store.close()
})

describe('listing lifecycle and identity', () => {
  let idOf12: number

  it('dedupes one home on two sites into one listing, keyed by postcode and house number while unresolved', async () => {
    a.listings = [home('a-12', '12-2', 1500), home('a-14', '14', 1700)]
    b.listings = [home('b-77', '12 2', 1525)]
    const report = await run([a, b])
    expect(report.exitCode).toBe(0)
    const rows = listings()
    expect(rows).toHaveLength(2)
    const twelve = rows.find((r) => JSON.parse(r.sources_json).length === 2)!
    expect(JSON.parse(twelve.sources_json).map((s: { name: string }) => s.name)).toEqual(['site-a', 'site-b'])
    expect(twelve.price).toBe(1500) // site-a is trusted most
    idOf12 = twelve.id
  })

  it('withdraws a listing only after its source completed N successful runs without it', async () => {
    a.listings = [home('a-12', '12-2', 1500)]
    await run([a, b])
    expect(listings().find((r) => r.id !== idOf12)!.status).toBe('active')
    await run([a, b])
    expect(listings().find((r) => r.id !== idOf12)!.status).toBe('withdrawn')
  })

  it('never withdraws because a source failed or was blocked', async () => {
    b.listings = []
    b.mode = 'blocked'
    const blocked = await run([a, b])
    expect(blocked.exitCode).toBe(3)
    expect(blocked.problems.join()).toMatch(/site-b: blocked/)
    b.mode = 'down'
    await run([a, b])
    b.mode = 'changed'
    const changed = await run([a, b])
    expect(changed.problems.join()).toMatch(/site-b: failed/)
    expect(JSON.parse(listings().find((r) => r.id === idOf12)!.sources_json)).toHaveLength(2)
  }, 60_000)

  it('gives a withdrawn listing that comes back its old id, and records its new price', async () => {
    const withdrawnId = listings().find((r) => r.status === 'withdrawn')!.id
    b.mode = 'ok'
    b.listings = [home('b-77', '12 2', 1525)]
    a.listings = [home('a-12', '12-2', 1450), home('a-14', '14', 1650)]
    await run([a, b])
    const back = listings().find((r) => r.id === withdrawnId)!
    expect(back).toMatchObject({ status: 'active', price: 1650 })
    const history = store.sqlite
      .prepare(
        "select h.price from price_history h join observations o on o.id = h.observation_id where o.source_listing_id = 'a-12' order by observed_at",
      )
      .all() as { price: number }[]
    expect(history.map((h) => h.price)).toEqual([1500, 1450])
  })

  it('keeps the id when the home resolves to the BAG later', async () => {
    const zipPath = join(dir, 'bag.zip')
    const writer = await createBagExtractWriter({
      layout: 'zip-of-zips',
      zipPath,
      stand: '2026-11-01',
      gemeente: '0363',
    })
    await writer.write({
      kind: 'woonplaats',
      id: '3594',
      naam: 'Amsterdam',
      status: 'Woonplaats aangewezen',
      voorkomen: 1,
    })
    await writer.write({
      kind: 'openbareRuimte',
      id: '0363300000000001',
      naam: 'Teststraat',
      verkorteNaam: null,
      type: 'Weg',
      status: 'Naamgeving uitgegeven',
      woonplaatsId: '3594',
      voorkomen: 1,
    })
    const objects: [string, number, string | null][] = [
      ['0363010000000012', 12, '2'],
      ['0363010000000013', 12, '1'],
      ['0363010000000014', 14, null],
    ]
    for (const [id, huisnummer, toevoeging] of objects) {
      const num = id.replace('0363010', '0363200')
      await writer.write({
        kind: 'nummeraanduiding',
        id: num,
        huisnummer,
        huisletter: null,
        toevoeging,
        postcode: '1234AB',
        typeAdresseerbaarObject: 'Verblijfsobject',
        status: 'Naamgeving uitgegeven',
        openbareRuimteId: '0363300000000001',
        woonplaatsId: null,
        voorkomen: 1,
      })
      await writer.write({
        kind: 'verblijfsobject',
        id,
        hoofdadresId: num,
        nevenadresIds: [],
        pandIds: ['0363100000000001'],
        gebruiksdoelen: ['woonfunctie'],
        oppervlakte: 72,
        status: 'Verblijfsobject in gebruik',
        x: null,
        y: null,
        voorkomen: 1,
      })
    }
    await writer.write({
      kind: 'pand',
      id: '0363100000000001',
      bouwjaar: 1931,
      status: 'Pand in gebruik',
      voorkomen: 1,
    })
    await writer.close()
    await importBag(store, zipPath, { priority: defaultSourcePriority })

    const before = listings().map((r) => r.id)
    await run([a, b])
    const after = listings()
    expect(after.map((r) => r.id)).toEqual(before)
    expect(after.find((r) => r.id === idOf12)!.bag_id).toBe('0363010000000012')
    const record = store.sqlite
      .prepare('select year_built, surface_area from golden_records where bag_id = ?')
      .get('0363010000000012')
    expect(record).toEqual({ year_built: 1931, surface_area: 72 })
  })

  it('withdraws, in a run over some cities or types, only listings of those cities and types', async () => {
    const elsewhere = { ...home('a-99', '99', 1200), city: 'Rotterdam', postcode: '3011 AA' }
    const bought = { ...home('a-50', '50', 450_000), type: 'buy' as const }
    a.listings = [home('a-12', '12-2', 1450), home('a-14', '14', 1650), elsewhere, bought]
    await run([a, b])
    const idOf = (sourceId: string) =>
      (
        store.sqlite
          .prepare('select listing_id from observations where source_listing_id = ?')
          .get(sourceId) as { listing_id: number }
      ).listing_id
    const status = (sourceId: string) => listings().find((r) => r.id === idOf(sourceId))!.status

    // Amsterdam rentals only: the site shows neither the Rotterdam home nor the sale, and a-14 is gone.
    a.listings = [home('a-12', '12-2', 1450)]
    for (let i = 0; i < 2; i++) await run([a, b], { cities: ['Amsterdam'], types: ['rent'] })
    expect(status('a-14')).toBe('withdrawn')
    expect(status('a-99')).toBe('active')
    expect(status('a-50')).toBe('active')
  })
})
