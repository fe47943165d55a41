import { join } from 'node:path'
import { importBag } from '../../src/registers/import-bag.js'
import type { Store } from '../../src/store/database.js'
import { createBagExtractWriter } from '../../testkit/bag-extract/extract-writer.js'
import { defaultSourcePriority } from '../helpers/registry.js'

/** The homes of the EP-Online and WOZ fixtures, on Oude Delft (ids of the recorded BAG and WOZ answers for 12A). */
export const DELFT = {
  oudeDelft12a: { vbo: '0503010000003325', num: '0503200000040028' },
  oudeDelft14_2: { vbo: '0503010000003326', num: '0503200000040030' },
  houseboat: { lig: '0503020000000101', num: '0503200000040031' },
  oudeDelft7: { vbo: '0503010000003400', num: '0503200000040032' },
} as const

/** Writes a BAG 2.0 extract of those homes (folder layout) into `dir` and imports it into `store`. */
export async function importDelftBag(store: Store, dir: string): Promise<void> {
  const bagDir = join(dir, 'delft-bag')
  const writer = await createBagExtractWriter({
    layout: 'folder',
    dir: bagDir,
    stand: '2026-11-01',
    gemeente: '0503',
  })
  await writer.write({
    kind: 'woonplaats',
    id: '2138',
    naam: 'Delft',
    status: 'Woonplaats aangewezen',
    voorkomen: 1,
  })
  const street = '0503300000003883'
  await writer.write({
    kind: 'openbareRuimte',
    id: street,
    naam: 'Oude Delft',
    verkorteNaam: null,
    type: 'Weg',
    status: 'Naamgeving uitgegeven',
    woonplaatsId: '2138',
    voorkomen: 1,
  })
  const address = async (
    id: string,
    postcode: string,
    huisnummer: number,
    letter: string | null,
    toev: string | null,
    type = 'Verblijfsobject',
  ) =>
    writer.write({
      kind: 'nummeraanduiding',
      id,
      huisnummer,
      huisletter: letter,
      toevoeging: toev,
      postcode,
      typeAdresseerbaarObject: type,
      status: 'Naamgeving uitgegeven',
      openbareRuimteId: street,
      woonplaatsId: null,
      voorkomen: 1,
    })
  const home = async (id: string, numId: string, area: number, pand: string) =>
    writer.write({
      kind: 'verblijfsobject',
      id,
      hoofdadresId: numId,
      nevenadresIds: [],
      pandIds: [pand],
      gebruiksdoelen: ['woonfunctie'],
      oppervlakte: area,
      status: 'Verblijfsobject in gebruik',
      x: null,
      y: null,
      voorkomen: 1,
    })
  for (const [id, year] of [
    ['0503100000013952', 1884],
    ['0503100000013953', 1930],
    ['0503100000013954', 1905],
  ] as const)
    await writer.write({ kind: 'pand', id, bouwjaar: year, status: 'Pand in gebruik', voorkomen: 1 })
  await address(DELFT.oudeDelft12a.num, '2611CC', 12, 'A', null)
  await home(DELFT.oudeDelft12a.vbo, DELFT.oudeDelft12a.num, 294, '0503100000013952')
  await address(DELFT.oudeDelft14_2.num, '2611CC', 14, null, '2')
  await home(DELFT.oudeDelft14_2.vbo, DELFT.oudeDelft14_2.num, 71, '0503100000013953')
  await address(DELFT.oudeDelft7.num, '2611CD', 7, null, null)
  await home(DELFT.oudeDelft7.vbo, DELFT.oudeDelft7.num, 120, '0503100000013954')
  await address(DELFT.houseboat.num, '2611AB', 3, null, null, 'Ligplaats')
  await writer.write({
    kind: 'ligplaats',
    id: DELFT.houseboat.lig,
    hoofdadresId: DELFT.houseboat.num,
    nevenadresIds: [],
    status: 'Plaats aangewezen',
    voorkomen: 1,
  })
  await writer.close()
  await importBag(store, bagDir, { priority: defaultSourcePriority })
}

/** Puts an active listing on each object, so the run's register look-ups consider it reachable. */
export function listHomes(store: Store, objectIds: readonly string[]): void {
  const insert = store.sqlite.prepare(`
    insert into listings (id, type, status, bag_id, street, number, postcode, city, city_key, price, surface_area,
                          source_name, source_url, sources_json, listed_at, first_seen, last_seen, updated_generation)
    values (?, 'buy', 'active', ?, 'Oude Delft', '12 A', '2611 CC', 'Delft', 'delft', 500000, 100,
            'test', 'https://example.test/', '[]', '2026-11-01', '2026-11-01', '2026-11-20', 1)`)
  const next = (
    store.sqlite.prepare('select coalesce(max(id), 1000) as id from listings').get() as { id: number }
  ).id
  objectIds.forEach((id, i) => {
    insert.run(next + 1 + i, id)
  })
}
