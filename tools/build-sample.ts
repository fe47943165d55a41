/**
 * Builds `data/sample/`: a recorded archive of listing pages in each source's real format, built from real public
 * data in `data/evaldata/`, a partner feed, and a BAG 2.0 extract covering every home. Run: `npm run build-sample`.
 * Deterministic apart from WARC record ids and zip timestamps. Each step below is one call.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../src/config.js'
import { createWarcRecorder } from '../src/fetch/index.js'
import type { ListingSource } from '../src/kit/index.js'
import { AddressBook } from '../testkit/sample/address-book.js'
import { feedCsv, partnerNumber } from '../testkit/sample/feed-file.js'
import {
  amsterdamSales,
  type FundaHomeOptions,
  FundaIds,
  fundaOffer,
  utrechtSales,
} from '../testkit/sample/funda-homes.js'
import { fundaDetailPage, fundaSearchPages } from '../testkit/sample/funda-pages.js'
import { huurwoningenListing, huurwoningenSearchPages } from '../testkit/sample/huurwoningen-pages.js'
import { BagIdAllocator } from '../testkit/sample/id-allocator.js'
import { kamernetOffers, kamernetSearchPages } from '../testkit/sample/kamernet-pages.js'
import { ogonlineListing } from '../testkit/sample/ogonline-pages.js'
import {
  parariusOffers,
  picks,
  type RentalPick,
  readParariusRows,
  spareRentals,
} from '../testkit/sample/pararius-homes.js'
import { parariusDetailPage, parariusSearchPages } from '../testkit/sample/pararius-pages.js'
import { letsIn, listingSource, PRESET_SITES, WHOLE_OFFER_PAGES } from '../testkit/sample/preset-sites.js'
import { RECORDED_AT, RECORDED_DAY, recordPages } from '../testkit/sample/record-pages.js'
import { writeSampleRegisters } from '../testkit/sample/registers.js'
import { SAMPLE_ROBOTS } from '../testkit/sample/robots.js'
import { writeSampleBag } from '../testkit/sample/sample-bag.js'
import { SAMPLE_CITIES, type SampleOffer, type SamplePage } from '../testkit/sample/sample-home.js'
import { sampleReadme } from '../testkit/sample/sample-readme.js'
import { zigListing } from '../testkit/sample/zig-pages.js'
import { SeededRandom } from '../testkit/seeded-random.js'

const SAMPLE_DIR = join(PROJECT_ROOT, 'data', 'sample')
const EVALDATA = join(PROJECT_ROOT, 'data', 'evaldata')
const RECORDED_ON = '2026-11-19'
const STAND = '2026-11-01'
/** Plaza lets rooms, studios and small flats to students and starters: homes up to this living area (m²). */
const PLAZA_MAX_AREA = 50

/** Every `n`th item, from `offset`, at most `count` of them. */
const every = <T>(items: readonly T[], n: number, offset: number, count: number) =>
  items.filter((_, i) => i % n === offset).slice(0, count)

async function main() {
  const rng = new SeededRandom(20_261_120)
  const ids = new BagIdAllocator()
  const addresses = new AddressBook()
  const funda: FundaHomeOptions = { ids, addresses, fundaIds: new FundaIds(), rng, recordedOn: RECORDED_ON }
  rmSync(SAMPLE_DIR, { recursive: true, force: true })
  mkdirSync(join(SAMPLE_DIR, 'bag'), { recursive: true })
  mkdirSync(join(SAMPLE_DIR, 'feed'), { recursive: true })

  // 1. Homes for sale at real addresses (Funda): Amsterdam 2021 and Utrecht 2016, taken first so that generated
  //    numbers never collide with a real one.
  const fundaSales = [
    ...amsterdamSales(
      join(EVALDATA, 'amsterdam-aug-2021', 'HousingPrices-Amsterdam-August-2021.csv'),
      140,
      funda,
    ),
    ...utrechtSales(join(EVALDATA, 'funda-sold-utrecht-2016', 'funda_sold_utrecht.csv'), 90, funda),
  ]

  // 2. Rentals from the Pararius dataset, 50 per city; Kamernet gets rooms and small flats it does not use (up to 50 m²).
  const parariusRows = readParariusRows(join(EVALDATA, 'pararius-rent-2024', 'pararius_listings20102024.csv'))
  const supply = { ids, addresses, rng, used: new Set<string>() }
  const pararius = parariusOffers(parariusRows, 50, supply, RECORDED_ON)
  const kamernet = kamernetOffers(parariusRows, 40, supply, RECORDED_ON)

  // 3. Homes on more than one site: some Pararius rentals on Funda too (with their house number) and on
  //    Huurwoningen (without); Funda homes in the partner feed, with the number printed the partner's way.
  const priced = pararius.filter((o) => o.price !== null)
  const rentedOnFunda = every(priced, 14, 0, 20)
  const fundaRentals = rentedOnFunda.map((o) => fundaOffer(o.home, 'rent', o.price, o.rooms, funda))
  const onHuurwoningen = [...new Set([...rentedOnFunda.slice(0, 10), ...every(priced, 5, 3, 60)])].slice(
    0,
    60,
  )
  const huurwoningen: SampleOffer[] = onHuurwoningen.map((o) => ({
    ...o,
    pararius: undefined,
    listedAt: o.listedAt,
    huurwoningen: huurwoningenListing(o, rng, SAMPLE_CITIES.find((c) => c.name === o.home.city)!.slug),
  }))
  // The feed's rentals are Funda rentals that Huurwoningen does not have: three sources at most for one home.
  const rentalsOnlyOnFunda = fundaRentals.filter((o) => !onHuurwoningen.some((h) => h.home === o.home))
  const inFeed = [...every(fundaSales, 7, 2, 32), ...rentalsOnlyOnFunda.slice(0, 6)]
  const feed: SampleOffer[] = inFeed.map((o, i) => ({
    ...o,
    funda: undefined,
    feed: {
      id: `PF-${String(1001 + i)}`,
      url: `https://www.partnermakelaar.example/aanbod/pf-${1001 + i}`,
      printedNumber: partnerNumber(o, rng, i % 16 === 5),
    },
  }))

  // 4. Two sites on platform presets, each serving its whole offer as one JSON: an estate agent on OGonline and a
  //    student-housing portal on Zig (small homes), in the sample's cities each lets in. A few of their homes are
  //    Pararius homes on no other site, so the dedupe merges them; the rest come from the dataset's spare rows.
  const verraSite = listingSource(PRESET_SITES.ogonline)
  const plazaSite = listingSource(PRESET_SITES.zig)
  const inCities = (site: ListingSource) => SAMPLE_CITIES.filter((c) => letsIn(site, c.name))
  const forVerra: RentalPick = {
    kinds: ['apartment', 'house'],
    cities: inCities(verraSite),
    fits: () => true,
  }
  const forPlaza: RentalPick = {
    kinds: ['room', 'apartment'],
    cities: inCities(plazaSite),
    fits: (_, area) => area <= PLAZA_MAX_AREA,
  }
  const elsewhere = new Set([...onHuurwoningen, ...rentedOnFunda])
  const verraShared = every(
    priced.filter((o) => !elsewhere.has(o) && picks(forVerra, o.home)),
    12,
    0,
    8,
  )
  const plazaShared = every(
    priced.filter((o) => !elsewhere.has(o) && !verraShared.includes(o) && picks(forPlaza, o.home)),
    2,
    1,
    16,
  )
  const verra: SampleOffer[] = [
    ...verraShared,
    ...spareRentals(parariusRows, forVerra, 8, supply, RECORDED_ON),
  ].map((o) => ({ ...o, pararius: undefined, ogonline: ogonlineListing(o, rng) }))
  const plaza: SampleOffer[] = [
    ...plazaShared,
    ...spareRentals(parariusRows, forPlaza, 6, supply, RECORDED_ON),
  ].map((o, i) => ({ ...o, pararius: undefined, zig: zigListing(o, 18_200 + i * 3, rng) }))

  // 5. The BAG extract: every home, and the neighbours a real postcode has.
  const homes = [
    ...new Map(
      [...fundaSales, ...pararius, ...kamernet, ...verra, ...plaza].map((o) => [o.home.vboId, o.home]),
    ).values(),
  ]
  const bag = await writeSampleBag(join(SAMPLE_DIR, 'bag', 'lvbag-extract-sample.zip'), homes, {
    ids,
    addresses,
    rng,
    stand: STAND,
  })

  // 6. Every page in its site's format, then the archive that `ingest --sample` replays.
  const inCity = (offers: readonly SampleOffer[], city: string) => offers.filter((o) => o.home.city === city)
  const pages: SamplePage[] = [...SAMPLE_ROBOTS]
  for (const city of SAMPLE_CITIES) {
    const p = inCity(pararius, city.name)
    pages.push(...parariusSearchPages(p, city, RECORDED_DAY), ...p.map((o) => parariusDetailPage(o, city)))
    for (const [type, offers] of [
      ['buy', inCity(fundaSales, city.name)],
      ['rent', inCity(fundaRentals, city.name)],
    ] as const) {
      pages.push(...fundaSearchPages(offers, type, city, RECORDED_DAY), ...offers.map(fundaDetailPage))
    }
    pages.push(...huurwoningenSearchPages(inCity(huurwoningen, city.name), city, RECORDED_DAY))
    pages.push(...kamernetSearchPages(inCity(kamernet, city.name), city))
  }
  pages.push(WHOLE_OFFER_PAGES[PRESET_SITES.ogonline](verra), WHOLE_OFFER_PAGES[PRESET_SITES.zig](plaza))

  // 7. The registers: an EP-Online bulk label file, and WOZ-waardeloket answers recorded like the pages.
  const registers = await writeSampleRegisters(
    SAMPLE_DIR,
    [...fundaSales, ...fundaRentals, ...pararius, ...huurwoningen, ...kamernet, ...verra, ...plaza, ...feed],
    {
      publicationDate: STAND,
    },
  )
  pages.push(...registers.pages)
  await writeArchive(join(SAMPLE_DIR, 'archive.warc.gz'), pages)

  // 8. The partner's feed file (with two rows it gets wrong), read by `ingest --sample` as `--feed`.
  const badRows = [
    'PF-9001,https://www.partnermakelaar.example/aanbod/pf-9001,buy,op aanvraag,88,Jan Evertsenstraat,12,1056 EB,Amsterdam,,,,',
    'PF-9002,https://www.partnermakelaar.example/aanbod/pf-9002,buy,425000,71,Bilderdijkstraat,9-3,,,,,3,2026-11-02',
  ]
  writeFileSync(join(SAMPLE_DIR, 'feed', 'partner-feed.csv'), feedCsv(feed, badRows))

  // 9. The manifest and the README that says what is real.
  const manifest = {
    description:
      'The bundled sample: real listings from public datasets, in each source’s page format, a partner feed, and a BAG extract for the same homes.',
    recordedAt: RECORDED_AT,
    sources: [
      'pararius',
      'funda',
      'huurwoningen',
      'kamernet',
      PRESET_SITES.ogonline,
      PRESET_SITES.zig,
      'feed',
    ],
    scope: { cities: SAMPLE_CITIES.map((c) => c.name), types: ['rent', 'buy'] },
    archive: 'archive.warc.gz',
    bag: 'bag/lvbag-extract-sample.zip',
    feed: 'feed/partner-feed.csv',
    energyLabels: registers.manifest.energyLabels,
  }
  writeFileSync(join(SAMPLE_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  const counts = {
    pararius: pararius.length,
    fundaSales: fundaSales.length,
    fundaRentals: fundaRentals.length,
    huurwoningen: huurwoningen.length,
    kamernet: kamernet.length,
    verra: verra.length,
    verraShared: verraShared.length,
    verraCities: forVerra.cities.map((c) => c.name),
    plaza: plaza.length,
    plazaShared: plazaShared.length,
    plazaCities: forPlaza.cities.map((c) => c.name),
    feed: feed.length,
    feedRejects: badRows.length,
    homes: homes.length,
    pages: pages.length,
    bag: bag.voorkomens,
  }
  writeFileSync(join(SAMPLE_DIR, 'README.md'), `${sampleReadme(counts)}\n${registers.readme}`)
  process.stdout.write(`Sample: ${JSON.stringify(counts)}\n`)
}

/** Writes the sample's pages as a WARC archive. */
async function writeArchive(path: string, pages: readonly SamplePage[]) {
  const recorder = await createWarcRecorder(path, { 'propdata-sample': 'built by tools/build-sample.ts' })
  await recordPages(recorder, pages)
  await recorder.close()
}

await main()
