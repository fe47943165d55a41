import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/api/app.js'
import type { BagRecord } from '../../src/registers/bag/bag-record.js'
import { openStore } from '../../src/store/database.js'
import { createBagExtractWriter } from '../../testkit/bag-extract/extract-writer.js'
import { runCli } from '../helpers/cli.js'
import { testConfig } from '../helpers/sample-database.js'
import { useTempDir } from '../helpers/temp-dir.js'

/**
 * Every house-number form the issue names, through the user's path: `import bag` of an extract in the official format,
 * `ingest --sources feed --feed FILE`, and the answer read from `/v1/listings`.
 * Each case has a postcode of its own; `bag` is what the BAG registers there (the home first, then its neighbours).
 */
const CASES: { printed: string; bag: [number, string | null, string | null][]; resolves: boolean }[] = [
  {
    printed: '12-2',
    bag: [
      [12, null, '2'],
      [12, null, '1'],
      [12, null, '3'],
    ],
    resolves: true,
  },
  {
    printed: '12 2',
    bag: [
      [12, null, '2'],
      [12, null, '1'],
    ],
    resolves: true,
  },
  {
    printed: '12/2',
    bag: [
      [12, null, '2'],
      [12, null, 'H'],
    ],
    resolves: true,
  },
  {
    printed: '12A',
    bag: [
      [12, 'A', null],
      [12, 'B', null],
    ],
    resolves: true,
  },
  {
    printed: '12 a',
    bag: [
      [12, 'A', null],
      [12, null, null],
    ],
    resolves: true,
  },
  {
    printed: '12-A',
    bag: [
      [12, null, 'A'],
      [12, null, 'B'],
    ],
    resolves: true,
  },
  {
    printed: '12A-1',
    bag: [
      [12, 'A', '1'],
      [12, 'A', '2'],
    ],
    resolves: true,
  },
  {
    printed: '20 A 2',
    bag: [
      [20, 'A', '2'],
      [20, 'A', '1'],
    ],
    resolves: true,
  },
  {
    printed: '16hs',
    bag: [
      [16, null, 'H'],
      [16, null, '1'],
    ],
    resolves: true,
  },
  {
    printed: '16-H',
    bag: [
      [16, null, 'H'],
      [16, null, '2'],
    ],
    resolves: true,
  },
  {
    printed: '16 huis',
    bag: [
      [16, null, 'H'],
      [16, null, '1'],
    ],
    resolves: true,
  },
  {
    printed: '5 bis',
    bag: [
      [5, null, 'BIS'],
      [5, null, null],
    ],
    resolves: true,
  },
  {
    printed: '22-II',
    bag: [
      [22, null, 'II'],
      [22, null, 'I'],
    ],
    resolves: true,
  },
  {
    printed: '14 II',
    bag: [
      [14, null, '2'],
      [14, null, '1'],
    ],
    resolves: true,
  },
  { printed: '2-hoog', bag: [[2, null, null]], resolves: true },
  {
    printed: '12 rood',
    bag: [
      [12, null, 'ROOD'],
      [12, null, null],
    ],
    resolves: true,
  },
  // Ambiguous: both readings exist, or a bare number with flats above it. Precision first: stay unresolved.
  {
    printed: '12-B',
    bag: [
      [12, 'B', null],
      [12, null, 'B'],
    ],
    resolves: false,
  },
  {
    printed: '30',
    bag: [
      [30, null, null],
      [30, null, '1'],
      [30, null, '2'],
    ],
    resolves: false,
  },
  { printed: '7', bag: [[8, null, null]], resolves: false },
]

const dir = useTempDir()
const config = testConfig(dir, { envApiKeys: ['k-0123456789'] })
const postcode = (i: number) => `${1011 + i}AB`
const objectId = (i: number, j: number) =>
  `0363010000${String(i).padStart(3, '0')}${String(j).padStart(3, '0')}`
let listings: { address: { postcode: string }; bag_id: string | null; sources: { url: string }[] }[] = []

beforeAll(async () => {
  const zipPath = join(dir, 'bag.zip')
  const writer = await createBagExtractWriter({
    layout: 'zip-of-zips',
    zipPath,
    stand: '2026-11-01',
    gemeente: '0363',
  })
  const write = (record: BagRecord) => writer.write(record)
  await write({
    kind: 'woonplaats',
    id: '3594',
    naam: 'Amsterdam',
    status: 'Woonplaats aangewezen',
    voorkomen: 1,
  })
  await write({
    kind: 'openbareRuimte',
    id: '0363300000000001',
    naam: 'Proefstraat',
    verkorteNaam: null,
    type: 'Weg',
    status: 'Naamgeving uitgegeven',
    woonplaatsId: '3594',
    voorkomen: 1,
  })
  await write({
    kind: 'pand',
    id: '0363100000000001',
    bouwjaar: 1920,
    status: 'Pand in gebruik',
    voorkomen: 1,
  })
  for (const [i, c] of CASES.entries()) {
    for (const [j, [huisnummer, huisletter, toevoeging]] of c.bag.entries()) {
      const num = objectId(i, j).replace('0363010', '0363200')
      await write({
        kind: 'nummeraanduiding',
        id: num,
        huisnummer,
        huisletter,
        toevoeging,
        postcode: postcode(i),
        typeAdresseerbaarObject: 'Verblijfsobject',
        status: 'Naamgeving uitgegeven',
        openbareRuimteId: '0363300000000001',
        woonplaatsId: null,
        voorkomen: 1,
      })
      await write({
        kind: 'verblijfsobject',
        id: objectId(i, j),
        hoofdadresId: num,
        nevenadresIds: [],
        pandIds: ['0363100000000001'],
        gebruiksdoelen: ['woonfunctie'],
        oppervlakte: 60 + j,
        status: 'Verblijfsobject in gebruik',
        x: null,
        y: null,
        voorkomen: 1,
      })
    }
  }
  await writer.close()
  const feed = join(dir, 'feed.csv')
  const rows = CASES.map(
    (c, i) =>
      `case-${i},https://partner.example/aanbod/${i},buy,${400_000 + i},60,Proefstraat,"${c.printed}",${postcode(i).slice(0, 4)} ${postcode(i).slice(4)},Amsterdam`,
  )
  writeFileSync(
    feed,
    `source_listing_id,url,type,price,surface_area,street,house_number,postcode,city\n${rows.join('\n')}\n`,
  )

  const env = { PROPDATA_DATA_DIR: dir }
  const imported = await runCli(['import', 'bag', zipPath, '--db', config.dbPath], env)
  expect(imported.code, imported.stderr).toBe(0)
  const ingested = await runCli(
    ['ingest', '--sources', 'feed', '--feed', feed, '--db', config.dbPath, '--json'],
    env,
  )
  expect(ingested.code, ingested.stderr).toBe(0)

  const store = await openStore(config.dbPath, { readonly: true })
  const app = await buildApp({ store, config })
  const res = await app.inject({
    url: '/v1/listings?page_size=100',
    headers: { 'x-api-key': 'k-0123456789' },
  })
  listings = JSON.parse(res.body).data
  await app.close()
  await store.close()
}, 120_000)

describe('house numbers as sites print them, resolved as the BAG registers them', () => {
  for (const [i, c] of CASES.entries()) {
    it(`"${c.printed}" ${c.resolves ? 'resolves to its home' : 'stays unresolved'}`, () => {
      const listing = listings.find((l) => l.sources[0]!.url.endsWith(`/aanbod/${i}`))
      expect(listing, 'listed').toBeDefined()
      expect(listing!.bag_id).toBe(c.resolves ? objectId(i, 0) : null)
    })
  }
})
