import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runIngest } from '../../src/pipeline/ingest.js'
import { openStore, type Store } from '../../src/store/database.js'
import { type ListingSite, startListingSite } from '../helpers/listing-site.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
const fuzzy = readFileSync(
  join(import.meta.dirname, '../../src/registers/bag/fixtures/pdok/locatieserver-free-oude-delft-12a.json'),
  'utf8',
)
// Oude Delft 12A as PDOK describes it (ids from the recorded BAG OGC and WOZ responses for that address).
const exact = JSON.stringify({
  response: {
    numFound: 1,
    docs: [
      {
        adresseerbaarobject_id: '0503010000003325',
        nummeraanduiding_id: '0503200000040028',
        huisnummer: 12,
        huisletter: 'A',
        postcode: '2611CC',
        straatnaam: 'Oude Delft',
        woonplaatsnaam: 'Delft',
      },
    ],
  },
})
let pdokHits = 0
const pdok = createServer((req, res) => {
  pdokHits += 1
  const fq = new URL(req.url ?? '/', 'http://x').searchParams.getAll('fq')
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(fq.includes('postcode:2611CC') ? exact : fuzzy)
})
let store: Store
let site: ListingSite
let pdokUrl = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => pdok.listen(0, '127.0.0.1', resolve))
  pdokUrl = `http://127.0.0.1:${(pdok.address() as AddressInfo).port}/bzk/locatieserver/search/v3_1`
  store = await openStore(join(dir, 'p.db'))
  site = await startListingSite('site-a')
})
afterAll(async () => {
  await site.close()
  await new Promise<void>((resolve) => pdok.close(() => resolve()))
  await store.close()
})

const run = () =>
  runIngest({
    store,
    config: testConfig(dir, { pdokFallback: true, pdokUrl }),
    sources: [site.source],
    scope: { cities: ['Delft'], types: ['buy'] },
    mode: 'live',
    recordTo: join(dir, `run-${Date.now()}.warc.gz`),
    logger: SILENT_LOGGER,
  })

describe('PDOK Locatieserver fallback', () => {
  it('resolves a home missing from the local BAG only on an exact match, and ignores fuzzy hits', async () => {
    const listing = {
      type: 'buy' as const,
      price: 1_250_000,
      surfaceArea: 290,
      street: 'Oude Delft',
      city: 'Delft',
    }
    site.listings = [
      { ...listing, sourceListingId: 'exact', houseNumber: '12 a', postcode: '2611 CC' },
      { ...listing, sourceListingId: 'fuzzy', houseNumber: '12A', postcode: '2611 BC' },
    ]
    await run()
    const rows = store.sqlite
      .prepare(
        'select source_listing_id, resolution, bag_vbo_id from observations order by source_listing_id',
      )
      .all()
    expect(rows).toEqual([
      { source_listing_id: 'exact', resolution: 'pdok', bag_vbo_id: '0503010000003325' },
      { source_listing_id: 'fuzzy', resolution: 'not-found', bag_vbo_id: null },
    ])
    const record = store.sqlite
      .prepare('select street, number, postcode, city, provenance_json from golden_records')
      .get() as Record<string, string>
    expect(record).toMatchObject({ street: 'Oude Delft', number: '12 A', postcode: '2611 CC', city: 'Delft' })
  })

  it('answers from its cache on the next run', async () => {
    const before = pdokHits
    await run()
    expect(pdokHits).toBe(before)
  })
})
