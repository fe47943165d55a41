import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { PROJECT_ROOT } from '../../src/config.js'
import { createWarcRecorder } from '../../src/fetch/index.js'
import { parseArea, parseEnergyLabel, parsePrice, parseYearBuilt } from '../../src/kit/index.js'
import { createBagExtractWriter } from '../../testkit/bag-extract/extract-writer.js'
import { parariusDetailPage, parariusSearchPages } from '../../testkit/sample/pararius-pages.js'
import { type SampleRegisters, writeSampleRegisters } from '../../testkit/sample/registers.js'
import { SAMPLE_CITIES, type SampleHome, type SampleOffer } from '../../testkit/sample/sample-home.js'
import { SeededRandom } from '../../testkit/seeded-random.js'

const RECORDED_AT = '2026-11-20T02:00:00.000Z'
const PRICE_PER_M2: Record<string, number> = {
  Amsterdam: 8_000,
  Utrecht: 5_600,
  'Den Haag': 4_800,
  Rotterdam: 4_300,
  Eindhoven: 4_300,
  Groningen: 3_900,
}
const LINK =
  /^https:\/\/www\.pararius\.com\/(apartment|house|room)-for-rent\/([a-z-]+)\/([0-9a-f]{8})\/([a-z0-9-]+)$/

interface ParariusRow {
  Link: string
  Huurprijs: string
  Locatie: string
  m2: string
  Bouwjaar: string
  'Energie label': string
}

/**
 * Offers of real Pararius rentals (the evaldata CSV) with generated BAG ids and numbers, every third one offered
 * for sale instead: the sample's registers need homes, and the valuation needs sale listings, which the bundled
 * sample gets from Funda once the builder adds it. Pararius's detail URLs carry the offer type (`…-for-sale/…`) and
 * its parser reads the type from there, so its markup serves both here. Kept apart from the builder's own helpers,
 * which are being rewritten, so this test depends only on the page markup and on `writeSampleRegisters`.
 */
function smallSampleOffers(perCity: number, rng: SeededRandom): SampleOffer[] {
  const csv = join(PROJECT_ROOT, 'data', 'evaldata', 'pararius-rent-2024', 'pararius_listings20102024.csv')
  const rows = parse(readFileSync(csv), { columns: true, skip_empty_lines: true }) as ParariusRow[]
  let serial = 2_000_000
  const id = (gemeente: string, type: string) => `${gemeente}${type}${String(++serial).padStart(10, '0')}`
  const seen = new Set<string>()
  const offers: SampleOffer[] = []
  for (const city of SAMPLE_CITIES) {
    const inCity = rows.filter((r) => LINK.exec(r.Link)?.[2] === city.slug)
    let n = 0
    for (const row of inCity) {
      if (n >= perCity) break
      const m = LINK.exec(row.Link)!
      const postcode = /^(\d{4}) ?([A-Z]{2})/.exec(row.Locatie)
      const area = parseArea(row.m2)
      const rent = parsePrice(row.Huurprijs).amount
      if (seen.has(m[3]!) || !postcode || !area || area < 15 || rent === null) continue
      seen.add(m[3]!)
      const home: SampleHome = {
        vboId: id(city.gemeente, '01'),
        numId: id(city.gemeente, '20'),
        city: city.name,
        gemeente: city.gemeente,
        street: m[4]!
          .split('-')
          .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
          .join(' '),
        postcode: `${postcode[1]}${postcode[2]}`,
        huisnummer: 1 + n * 2,
        huisletter: null,
        toevoeging: null,
        area,
        bagArea: area + 2,
        yearBuilt: parseYearBuilt(row.Bouwjaar),
        energyLabel: parseEnergyLabel(row['Energie label']),
        dwelling: m[1] === 'house' ? 'house' : m[1] === 'room' ? 'room' : 'apartment',
        district: null,
      }
      const pararius = { url: row.Link, id: m[3]!, interior: null }
      const sale = n % 3 === 2
      offers.push({
        home,
        type: sale ? 'buy' : 'rent',
        price: sale
          ? Math.round(((PRICE_PER_M2[city.name] ?? 4_000) * area * (0.8 + rng.next() * 0.4)) / 1000) * 1000
          : rent,
        rooms: null,
        listedAt: '2026-11-01',
        pararius: sale ? { ...pararius, url: row.Link.replace('-for-rent/', '-for-sale/') } : pararius,
      })
      n += 1
    }
  }
  return offers
}

/** One home per postcode and number, each in its own pand: every listing resolves by postcode and area. */
async function writeBag(zipPath: string, homes: readonly SampleHome[], rng: SeededRandom): Promise<void> {
  const writer = await createBagExtractWriter({ layout: 'zip-of-zips', zipPath, stand: '2026-11-01' })
  for (const city of SAMPLE_CITIES)
    await writer.write({
      kind: 'woonplaats',
      id: city.woonplaatsId,
      naam: city.woonplaats,
      status: 'Woonplaats aangewezen',
      voorkomen: 1,
    })
  const streets = new Map<string, string>()
  for (const home of homes) {
    const city = SAMPLE_CITIES.find((c) => c.name === home.city)!
    let street = streets.get(`${home.gemeente}|${home.street}`)
    if (!street) {
      street = `${home.gemeente}30${home.vboId.slice(6)}`
      streets.set(`${home.gemeente}|${home.street}`, street)
      await writer.write({
        kind: 'openbareRuimte',
        id: street,
        naam: home.street,
        verkorteNaam: null,
        type: 'Weg',
        status: 'Naamgeving uitgegeven',
        woonplaatsId: city.woonplaatsId,
        voorkomen: 1,
      })
    }
    const pand = `${home.gemeente}10${home.vboId.slice(6)}`
    await writer.write({
      kind: 'pand',
      id: pand,
      bouwjaar: home.yearBuilt ?? rng.int(1900, 2015),
      status: 'Pand in gebruik',
      voorkomen: 1,
    })
    await writer.write({
      kind: 'nummeraanduiding',
      id: home.numId,
      huisnummer: home.huisnummer,
      huisletter: null,
      toevoeging: null,
      postcode: home.postcode,
      typeAdresseerbaarObject: 'Verblijfsobject',
      status: 'Naamgeving uitgegeven',
      openbareRuimteId: street,
      woonplaatsId: null,
      voorkomen: 1,
    })
    await writer.write({
      kind: 'verblijfsobject',
      id: home.vboId,
      hoofdadresId: home.numId,
      nevenadresIds: [],
      pandIds: [pand],
      gebruiksdoelen: ['woonfunctie'],
      oppervlakte: home.bagArea,
      status: 'Verblijfsobject in gebruik',
      x: null,
      y: null,
      voorkomen: 1,
    })
  }
  await writer.close()
}

const salePage = <P extends { body: string }>(page: P): P => ({
  ...page,
  body: page.body
    .replaceAll('Rental price', 'Asking price')
    .replaceAll('per month', '')
    .replaceAll('For rent', 'For sale'),
})

/** A small sample in `dir` (archive, BAG, label file, manifest): real listing markup, and our register files. */
export async function buildSmallSample(
  dir: string,
  perCity = 14,
): Promise<{ offers: SampleOffer[]; registers: SampleRegisters }> {
  const rng = new SeededRandom(7)
  mkdirSync(join(dir, 'bag'), { recursive: true })
  const offers = smallSampleOffers(perCity, rng)
  await writeBag(
    join(dir, 'bag', 'lvbag-extract-sample.zip'),
    offers.map((o) => o.home),
    rng,
  )
  const registers = await writeSampleRegisters(dir, offers, { publicationDate: '2026-11-01' })
  // No robots.txt recorded: replay answers 404 for it, which allows everything (RFC 9309).
  const pages: { url: string; body: string; contentType: string }[] = [...registers.pages]
  for (const city of SAMPLE_CITIES) {
    const inCity = offers.filter((o) => o.home.city === city.name)
    pages.push(...parariusSearchPages(inCity, city, '2026-11-20'))
    for (const offer of inCity) {
      const page = parariusDetailPage(offer, city)
      pages.push(offer.type === 'buy' ? salePage(page) : page)
    }
  }
  const recorder = await createWarcRecorder(join(dir, 'archive.warc.gz'), { 'propdata-sample': 'test' })
  for (const page of pages) {
    await recorder.record(
      { url: page.url },
      {
        url: page.url,
        status: 200,
        headers: { 'content-type': page.contentType },
        body: page.body,
        fetchedAt: RECORDED_AT,
        rendered: false,
      },
    )
  }
  await recorder.close()
  const manifest = {
    description: 'A small sample for the register tests.',
    recordedAt: RECORDED_AT,
    sources: ['pararius'],
    scope: { cities: SAMPLE_CITIES.map((c) => c.name), types: ['rent', 'buy'] },
    archive: 'archive.warc.gz',
    bag: 'bag/lvbag-extract-sample.zip',
    ...registers.manifest,
  }
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return { offers, registers }
}
