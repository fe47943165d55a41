/**
 * Builds `data/labelled/`: real printed addresses from the Amsterdam 2021 and Utrecht 2016 datasets, each with the
 * BAG object it really is, and a BAG 2.0 extract (official format) holding those objects and the neighbours behind
 * the same front door. `npm run bench` and the resolver's accuracy test measure precision and recall on it.
 * Run: `node --import tsx tools/build-labelled-set.ts`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../src/config.js'
import { createBagExtractWriter } from '../testkit/bag-extract/extract-writer.js'
import { type BagNumber, neighboursOf, registerAs } from '../testkit/labelled/bag-convention.js'
import {
  amsterdamAddresses,
  type PrintedAddress,
  utrechtAddresses,
} from '../testkit/labelled/labelled-addresses.js'
import { BagIdAllocator } from '../testkit/sample/id-allocator.js'
import { SeededRandom } from '../testkit/seeded-random.js'

const OUT = join(PROJECT_ROOT, 'data', 'labelled')
const EVALDATA = join(PROJECT_ROOT, 'data', 'evaldata')
const CITIES = {
  Amsterdam: { gemeente: '0363', woonplaats: '3594' },
  Utrecht: { gemeente: '0344', woonplaats: '3295' },
} as const

const csvCell = (v: string | number | null) =>
  v === null ? '' : /[",\n]/.test(String(v)) ? `"${String(v).replaceAll('"', '""')}"` : String(v)

async function main() {
  const rng = new SeededRandom(4_2026)
  const ids = new BagIdAllocator()
  const printed: PrintedAddress[] = [
    ...amsterdamAddresses(join(EVALDATA, 'amsterdam-aug-2021', 'HousingPrices-Amsterdam-August-2021.csv')),
    ...utrechtAddresses(join(EVALDATA, 'funda-sold-utrecht-2016', 'funda_sold_utrecht.csv'), rng),
  ]
  rmSync(OUT, { recursive: true, force: true })
  mkdirSync(OUT, { recursive: true })
  const writer = await createBagExtractWriter({
    layout: 'zip-of-zips',
    zipPath: join(OUT, 'labelled-bag.zip'),
    stand: '2026-11-01',
  })
  for (const [naam, city] of Object.entries(CITIES)) {
    await writer.write({
      kind: 'woonplaats',
      id: city.woonplaats,
      naam,
      status: 'Woonplaats aangewezen',
      voorkomen: 1,
    })
  }
  const streets = new Map<string, string>()
  const taken = new Map<string, string>()
  const lines = [
    'dataset,street,house_number,postcode,city,expected_object_id,bag_huisnummer,bag_huisletter,bag_toevoeging',
  ]
  let skipped = 0

  const writeObject = async (address: PrintedAddress, number: BagNumber): Promise<string> => {
    const city = CITIES[address.city as keyof typeof CITIES]
    const key = `${address.postcode}|${number.huisnummer}|${number.huisletter ?? ''}|${number.toevoeging ?? ''}`
    const existing = taken.get(key)
    if (existing) return existing
    let street = streets.get(`${address.city}|${address.street}`)
    if (!street) {
      street = ids.next(city.gemeente, '30')
      streets.set(`${address.city}|${address.street}`, street)
      await writer.write({
        kind: 'openbareRuimte',
        id: street,
        naam: address.street,
        verkorteNaam: null,
        type: 'Weg',
        status: 'Naamgeving uitgegeven',
        woonplaatsId: city.woonplaats,
        voorkomen: 1,
      })
    }
    const vbo = ids.next(city.gemeente, '01')
    const num = ids.next(city.gemeente, '20')
    taken.set(key, vbo)
    await writer.write({
      kind: 'nummeraanduiding',
      id: num,
      ...number,
      postcode: address.postcode,
      typeAdresseerbaarObject: 'Verblijfsobject',
      status: 'Naamgeving uitgegeven',
      openbareRuimteId: street,
      woonplaatsId: null,
      voorkomen: 1,
    })
    await writer.write({
      kind: 'verblijfsobject',
      id: vbo,
      hoofdadresId: num,
      nevenadresIds: [],
      pandIds: [],
      gebruiksdoelen: ['woonfunctie'],
      oppervlakte: rng.int(30, 160),
      status: 'Verblijfsobject in gebruik',
      x: null,
      y: null,
      voorkomen: 1,
    })
    return vbo
  }

  for (const address of printed) {
    const number = registerAs(address.houseNumber, rng)
    const key =
      number &&
      `${address.postcode}|${number.huisnummer}|${number.huisletter ?? ''}|${number.toevoeging ?? ''}`
    if (!number || taken.has(key!)) {
      skipped += 1
      continue
    }
    const vbo = await writeObject(address, number)
    for (const neighbour of neighboursOf(number, rng)) await writeObject(address, neighbour)
    lines.push(
      [
        address.dataset,
        address.street,
        address.houseNumber,
        address.postcode,
        address.city,
        vbo,
        number.huisnummer,
        number.huisletter,
        number.toevoeging,
      ]
        .map(csvCell)
        .join(','),
    )
  }
  const summary = await writer.close()
  writeFileSync(join(OUT, 'addresses.csv'), `${lines.join('\n')}\n`)
  process.stdout.write(
    `${lines.length - 1} labelled addresses (${skipped} skipped: duplicates or not plain addresses); BAG ${JSON.stringify(summary.voorkomens)}\n`,
  )
}

await main()
