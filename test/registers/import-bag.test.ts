import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BagRecord } from '../../src/registers/bag/bag-record.js'
import { importBag } from '../../src/registers/import-bag.js'
import { openStore, type Store } from '../../src/store/database.js'
import { createBagExtractWriter } from '../../testkit/bag-extract/extract-writer.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
const REAL_0221 = join(import.meta.dirname, '../../src/registers/bag/fixtures/0221')
let store: Store
beforeAll(async () => {
  store = await openStore(join(dir, 'bag.db'))
})
afterAll(async () => store.close())

const count = (table: string) =>
  (store.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n

/** An address at 1011AA on the one street of the test extracts, in version `voorkomen`. */
function address(id: string, huisnummer: number, voorkomen: number): BagRecord {
  return {
    kind: 'nummeraanduiding',
    id,
    huisnummer,
    huisletter: null,
    toevoeging: null,
    postcode: '1011AA',
    typeAdresseerbaarObject: 'Verblijfsobject',
    status: 'Naamgeving uitgegeven',
    openbareRuimteId: '0363300000000009',
    woonplaatsId: null,
    voorkomen,
  }
}

/** An extract with one street and the given objects (id suffix → house number), optionally in reverse file order. */
async function extract(name: string, objects: [string, number][], extra: BagRecord[] = []): Promise<string> {
  const zipPath = join(dir, name)
  const w = await createBagExtractWriter({
    layout: 'zip-of-zips',
    zipPath,
    stand: '2026-11-01',
    gemeente: '0363',
  })
  await w.write({
    kind: 'woonplaats',
    id: '3594',
    naam: 'Amsterdam',
    status: 'Woonplaats aangewezen',
    voorkomen: 1,
  })
  await w.write({
    kind: 'openbareRuimte',
    id: '0363300000000009',
    naam: 'Importstraat',
    verkorteNaam: null,
    type: 'Weg',
    status: 'Naamgeving uitgegeven',
    woonplaatsId: '3594',
    voorkomen: 1,
  })
  for (const [suffix, huisnummer] of objects) {
    const num = `036320000000${suffix}`
    await w.write(address(num, huisnummer, 1))
    await w.write({
      kind: 'verblijfsobject',
      id: `036301000000${suffix}`,
      hoofdadresId: num,
      nevenadresIds: [],
      pandIds: [],
      gebruiksdoelen: ['woonfunctie'],
      oppervlakte: 50,
      status: 'Verblijfsobject in gebruik',
      x: null,
      y: null,
      voorkomen: 1,
    })
  }
  for (const record of extra) await w.write(record)
  await w.close()
  return zipPath
}

describe('import bag', () => {
  it('loads the real 0221 extract, keeping the highest of two "current" versions of an address', async () => {
    const report = await importBag(store, REAL_0221, { priority: () => 0 })
    expect(report.standDate).toBe('2020-09-15')
    // NLExtract's hand-edited sample has NUM 0221200000330998 current twice: voorkomen 1 and 3.
    const num = store.sqlite
      .prepare("select voorkomen, postcode from bag_nummeraanduiding where id = '0221200000330998'")
      .get()
    expect(num).toEqual({ voorkomen: 3, postcode: null })
    expect(count('bag_objects')).toBe(
      report.counts.verblijfsobject + report.counts.ligplaats + report.counts.standplaats,
    )
  })

  it('keeps the highest version whatever order the file holds them in', async () => {
    const later = (voorkomen: number, huisnummer: number) =>
      address('0363200000009999', huisnummer, voorkomen)
    await importBag(store, await extract('order.zip', [['0001', 1]], [later(5, 55), later(2, 22)]), {
      priority: () => 0,
    })
    expect(
      store.sqlite.prepare("select huisnummer from bag_nummeraanduiding where id = '0363200000009999'").get(),
    ).toEqual({ huisnummer: 55 })
  })

  it('replaces the previous BAG cleanly: objects gone from the new extract lose their golden record', async () => {
    await importBag(
      store,
      await extract('a.zip', [
        ['0001', 1],
        ['0002', 2],
      ]),
      { priority: () => 0 },
    )
    expect(count('golden_records')).toBe(2)
    const report = await importBag(
      store,
      await extract('b.zip', [
        ['0002', 2],
        ['0003', 3],
      ]),
      { priority: () => 0 },
    )
    const ids = store.sqlite.prepare('select bag_id from golden_records order by bag_id').pluck().all()
    expect(ids).toEqual(['0363010000000002', '0363010000000003'])
    expect(report.goldenRecords).toMatchObject({ written: 1, unchanged: 1, removed: 1 })
  })

  it('leaves the previous BAG untouched when an import fails', async () => {
    const broken = join(dir, 'broken.zip')
    writeFileSync(broken, 'PK\u0003\u0004 this is not a zip')
    await expect(importBag(store, broken, { priority: () => 0 })).rejects.toThrow()
    expect(count('bag_objects')).toBe(2)
    expect(
      store.sqlite.prepare("select count(*) as n from sqlite_master where name like '%__next'").get(),
    ).toEqual({ n: 0 })
  })
})
