import type { BagRecord } from '../../sources/bag/bag-record.js'
import { createBagExtractWriter } from '../../sources/bag/extract-writer.js'
import type { SeededRandom } from '../../sources/bag/seeded-random.js'
import { areaTolerance } from '../../src/resolve/index.js'
import type { BagIdAllocator } from './id-allocator.js'
import { SAMPLE_CITIES, type SampleHome } from './sample-home.js'

/**
 * Writes a BAG 2.0 extract (the national zip-of-zips layout) holding every sample home and, at the same postcode,
 * the neighbours a real postcode has: other numbers on the street, some of them flats of a similar size, so that
 * a listing without a house number is sometimes ambiguous, as it is in reality.
 */
export async function writeSampleBag(
  zipPath: string,
  homes: readonly SampleHome[],
  ids: BagIdAllocator,
  rng: SeededRandom,
  stand: string,
) {
  const writer = await createBagExtractWriter({ layout: 'zip-of-zips', zipPath, stand })
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
  const numbersTaken = new Set<string>()
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
  const writeHome = async (home: SampleHome, pandId: string) => {
    numbersTaken.add(`${home.postcode}|${home.huisnummer}|${home.huisletter}|${home.toevoeging}`)
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
  for (const home of homes) {
    const pandId = ids.next(home.gemeente, '10')
    await write({
      kind: 'pand',
      id: pandId,
      bouwjaar: home.yearBuilt ?? rng.int(1900, 2015),
      status: 'Pand in gebruik',
      voorkomen: 1,
    })
    await writeHome(home, pandId)
    const neighbours = rng.int(3, 10)
    for (let i = 0; i < neighbours; i++) {
      const huisnummer = home.huisnummer + rng.int(-12, 12)
      const toevoeging = home.dwelling === 'apartment' ? rng.pick([null, '1', '2', '3', 'H']) : null
      const key = `${home.postcode}|${huisnummer}|null|${toevoeging}`
      if (huisnummer < 1 || numbersTaken.has(key)) continue
      // Mostly clearly different sizes; now and then a flat of the same size, which makes a numberless listing ambiguous.
      const similar = rng.chance(0.03)
      const area = similar
        ? Math.round(home.bagArea + (rng.next() - 0.5) * areaTolerance(home.bagArea))
        : Math.round(home.bagArea * (rng.chance(0.5) ? 1.25 + rng.next() : 0.45 + rng.next() * 0.3))
      const neighbourPand = home.dwelling === 'apartment' ? pandId : ids.next(home.gemeente, '10')
      if (neighbourPand !== pandId) {
        await write({
          kind: 'pand',
          id: neighbourPand,
          bouwjaar: rng.int(1900, 2020),
          status: 'Pand in gebruik',
          voorkomen: 1,
        })
      }
      await writeHome(
        {
          ...home,
          vboId: ids.next(home.gemeente, '01'),
          numId: ids.next(home.gemeente, '20'),
          huisnummer,
          huisletter: null,
          toevoeging,
          bagArea: Math.max(15, area),
        },
        neighbourPand,
      )
    }
  }
  return writer.close()
}
