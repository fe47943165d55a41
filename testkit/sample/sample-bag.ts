import type { BagRecord } from '../../src/registers/bag/bag-record.js'
import { areaTolerance } from '../../src/resolve/index.js'
import { createBagExtractWriter } from '../bag-extract/extract-writer.js'
import type { SeededRandom } from '../seeded-random.js'
import type { AddressBook } from './address-book.js'
import type { BagIdAllocator } from './id-allocator.js'
import { SAMPLE_CITIES, type SampleHome } from './sample-home.js'

/** What the extract builder needs besides the homes. */
export interface SampleBagOptions {
  readonly ids: BagIdAllocator
  readonly addresses: AddressBook
  readonly rng: SeededRandom
  /** The extract's stand date (yyyy-mm-dd). */
  readonly stand: string
}

/**
 * Writes a BAG 2.0 extract (the national zip-of-zips layout) holding every sample home and, at the same postcode,
 * the neighbours a real postcode has: other numbers on the street, some of them flats of a similar size (so a
 * listing without a house number is sometimes ambiguous), and other flats at the same number when the home has an
 * addition (so a listing that prints the bare number is ambiguous too, as it is in reality).
 */
export async function writeSampleBag(zipPath: string, homes: readonly SampleHome[], o: SampleBagOptions) {
  const { ids, addresses, rng } = o
  const writer = await createBagExtractWriter({ layout: 'zip-of-zips', zipPath, stand: o.stand })
  const write = (record: BagRecord) => writer.write(record)
  for (const city of SAMPLE_CITIES) {
    await write({
      kind: 'woonplaats',
      id: city.woonplaatsId,
      naam: city.woonplaats,
      status: 'Woonplaats aangewezen',
      voorkomen: 1,
    })
  }
  const streets = new Map<string, string>()
  const streetId = async (home: SampleHome) => {
    const key = `${home.gemeente}|${home.street}`
    let id = streets.get(key)
    if (!id) {
      id = ids.next(home.gemeente, '30')
      streets.set(key, id)
      const city = SAMPLE_CITIES.find((c) => c.gemeente === home.gemeente)!
      await write({
        kind: 'openbareRuimte',
        id,
        naam: home.street,
        verkorteNaam: null,
        type: 'Weg',
        status: 'Naamgeving uitgegeven',
        woonplaatsId: city.woonplaatsId,
        voorkomen: 1,
      })
    }
    return id
  }
  const pand = async (gemeente: string, bouwjaar: number) => {
    const id = ids.next(gemeente, '10')
    await write({ kind: 'pand', id, bouwjaar, status: 'Pand in gebruik', voorkomen: 1 })
    return id
  }
  const writeHome = async (home: SampleHome, pandId: string) => {
    await write({
      kind: 'nummeraanduiding',
      id: home.numId,
      huisnummer: home.huisnummer,
      huisletter: home.huisletter,
      toevoeging: home.toevoeging,
      postcode: home.postcode,
      typeAdresseerbaarObject: 'Verblijfsobject',
      status: 'Naamgeving uitgegeven',
      openbareRuimteId: await streetId(home),
      woonplaatsId: null,
      voorkomen: 1,
    })
    await write({
      kind: 'verblijfsobject',
      id: home.vboId,
      hoofdadresId: home.numId,
      nevenadresIds: [],
      pandIds: [pandId],
      gebruiksdoelen: ['woonfunctie'],
      oppervlakte: home.bagArea,
      status: 'Verblijfsobject in gebruik',
      x: null,
      y: null,
      voorkomen: 1,
    })
  }
  const neighbour = (
    home: SampleHome,
    huisnummer: number,
    huisletter: string | null,
    toevoeging: string | null,
    alike = true,
  ) => {
    // Mostly clearly different sizes; now and then one of the same size, which makes a numberless listing ambiguous.
    const similar = alike && rng.chance(0.03)
    const area = similar
      ? Math.round(home.bagArea + (rng.next() - 0.5) * areaTolerance(home.bagArea))
      : Math.round(home.bagArea * (rng.chance(0.5) ? 1.25 + rng.next() : 0.45 + rng.next() * 0.3))
    return {
      ...home,
      vboId: ids.next(home.gemeente, '01'),
      numId: ids.next(home.gemeente, '20'),
      huisnummer,
      huisletter,
      toevoeging,
      bagArea: Math.max(15, area),
    }
  }
  for (const home of homes) {
    const pandId = await pand(home.gemeente, home.yearBuilt ?? rng.int(1900, 2015))
    await writeHome(home, pandId)
    // Other flats at the same number, when the home's own address has a letter or an addition.
    if (home.huisletter || home.toevoeging) {
      for (const addition of ['1', '2', '3', 'H'].filter(() => rng.chance(0.6))) {
        if (addresses.take(home.postcode, home.huisnummer, null, addition)) {
          await writeHome(neighbour(home, home.huisnummer, null, addition, false), pandId)
        }
      }
    }
    const others = rng.int(3, 10)
    for (let i = 0; i < others; i++) {
      const huisnummer = home.huisnummer + rng.int(-12, 12)
      // A fresh number only: a neighbour must not make another sample home's bare number ambiguous.
      if (huisnummer < 1 || addresses.numberInUse(home.postcode, huisnummer)) continue
      const toevoeging = home.dwelling === 'apartment' ? rng.pick([null, '1', '2', '3', 'H']) : null
      addresses.take(home.postcode, huisnummer, null, toevoeging)
      const shared = home.dwelling === 'apartment' ? pandId : await pand(home.gemeente, rng.int(1900, 2020))
      await writeHome(neighbour(home, huisnummer, null, toevoeging), shared)
    }
  }
  return writer.close()
}
