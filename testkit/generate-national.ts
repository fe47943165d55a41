/**
 * Generates a national-scale dataset in the real formats for `npm run bench`: a BAG 2.0 extract of N
 * verblijfsobjecten (imported into `<out>/bag.db`), M listings spread over the listing sources' page formats in a
 * WARC archive (and the partner feed as CSV), with the market's skew: the big four cities large, a long tail of
 * small places. Run: `node --import tsx testkit/generate-national.ts --vbo 1000000 --listings 200000 --out DIR`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createWarcRecorder } from '../src/fetch/index.js'
import { importBag } from '../src/registers/import-bag.js'
import { openStore } from '../src/store/database.js'
import { generateBagExtract } from './bag-extract/generate-bag-extract.js'
import { homesFromBag } from './national/national-homes.js'
import { nationalOffers, presetSitesSeed } from './national/national-offers.js'
import { offerHomesCsv } from './national/offer-homes.js'
import { feedCsv } from './sample/feed-file.js'
import { fundaDetailPage, fundaSearchPages } from './sample/funda-pages.js'
import { huurwoningenSearchPages } from './sample/huurwoningen-pages.js'
import { kamernetSearchPages } from './sample/kamernet-pages.js'
import { parariusDetailPage, parariusSearchPages } from './sample/pararius-pages.js'
import { PRESET_SITES, WHOLE_OFFER_PAGES } from './sample/preset-sites.js'
import { RECORDED_DAY, recordPages } from './sample/record-pages.js'
import { SAMPLE_ROBOTS } from './sample/robots.js'
import type { SampleOffer, SamplePage } from './sample/sample-home.js'
import { SeededRandom } from './seeded-random.js'

/** What the generator wrote, read by the benches. */
export interface NationalManifest {
  readonly vbo: number
  readonly listings: number
  readonly cities: readonly string[]
  readonly bagZip: string
  readonly bagDb: string
  readonly archive: string
  readonly feed: string
  /** Which home each offer is for (see `offerHomesCsv`); absent in a dataset generated before it was written. */
  readonly offerHomes?: string
  readonly counts: Record<string, number>
  readonly seconds: { bag: number; import: number; pages: number }
}

/** Writes the dataset's BAG extract of `vbo` verblijfsobjecten to the zip `out`, in the official format. */
export async function generateNationalBag(options: {
  vbo: number
  out: string
  seed?: number
}): Promise<void> {
  await generateBagExtract({
    vbo: options.vbo,
    out: options.out,
    layout: 'zip-of-zips',
    seed: options.seed ?? 7,
    stand: '2026-11-01',
  })
}

/** Generates (or reuses, when `<out>/manifest.json` exists) the dataset in `out`. */
export async function generateNational(options: {
  vbo: number
  listings: number
  out: string
  seed?: number
  log?: (line: string) => void
}): Promise<NationalManifest> {
  const manifestPath = join(options.out, 'manifest.json')
  if (existsSync(manifestPath))
    return JSON.parse(
      await import('node:fs/promises').then((fs) => fs.readFile(manifestPath, 'utf8')),
    ) as NationalManifest
  const log = options.log ?? (() => {})
  mkdirSync(options.out, { recursive: true })
  const rng = new SeededRandom(options.seed ?? 7)
  const bagZip = join(options.out, 'bag.zip')
  let t = performance.now()
  await generateNationalBag({ vbo: options.vbo, out: bagZip, seed: options.seed })
  const bagSeconds = (performance.now() - t) / 1000
  log(`BAG extract of ${options.vbo} VBOs in ${bagSeconds.toFixed(0)} s`)

  t = performance.now()
  const bagDb = join(options.out, 'bag.db')
  const store = await openStore(bagDb)
  await importBag(store, bagZip, { priority: () => 0 })
  const importSeconds = (performance.now() - t) / 1000
  log(`imported in ${importSeconds.toFixed(0)} s`)
  t = performance.now()
  const { homes, cities } = homesFromBag(store.sqlite, options.listings, rng)
  await store.close()
  const presetRng = new SeededRandom(presetSitesSeed(options.seed ?? 7))
  const offers = nationalOffers(homes, cities, rng, RECORDED_DAY, presetRng)

  const recorder = await createWarcRecorder(join(options.out, 'archive.warc.gz'), {
    'propdata-generated': 'testkit/generate-national.ts',
  })
  const record = (pages: readonly SamplePage[]) => recordPages(recorder, pages)

  await record(SAMPLE_ROBOTS)
  const byCity = (list: readonly SampleOffer[]) => {
    const map = new Map<string, SampleOffer[]>()
    for (const o of list) {
      const inCity = map.get(o.home.city)
      if (inCity) inCity.push(o)
      else map.set(o.home.city, [o])
    }
    return map
  }
  const [pararius, fundaBuy, fundaRent, huurwoningen, kamernet] = [
    byCity(offers.pararius),
    byCity(offers.funda.filter((o) => o.type === 'buy')),
    byCity(offers.funda.filter((o) => o.type === 'rent')),
    byCity(offers.huurwoningen),
    byCity(offers.kamernet),
  ]
  for (const city of cities) {
    const p = pararius.get(city.name) ?? []
    await record(parariusSearchPages(p, city, RECORDED_DAY))
    await record(p.map((o) => parariusDetailPage(o, city)))
    for (const [type, list] of [
      ['buy', fundaBuy.get(city.name) ?? []],
      ['rent', fundaRent.get(city.name) ?? []],
    ] as const) {
      await record(fundaSearchPages(list, type, city, RECORDED_DAY))
      await record(list.map(fundaDetailPage))
    }
    await record(huurwoningenSearchPages(huurwoningen.get(city.name) ?? [], city, RECORDED_DAY))
    await record(kamernetSearchPages(kamernet.get(city.name) ?? [], city))
  }
  // The sites on platform presets: one whole-offer JSON each, all places together.
  await record([
    WHOLE_OFFER_PAGES[PRESET_SITES.ogonline](offers[PRESET_SITES.ogonline]),
    WHOLE_OFFER_PAGES[PRESET_SITES.zig](offers[PRESET_SITES.zig]),
  ])
  await recorder.close()
  writeFileSync(join(options.out, 'feed.csv'), feedCsv(offers.feed))
  writeFileSync(join(options.out, 'offer-homes.csv'), offerHomesCsv(offers))
  const manifest: NationalManifest = {
    vbo: options.vbo,
    listings: options.listings,
    cities: cities.map((c) => c.name),
    bagZip,
    bagDb,
    archive: join(options.out, 'archive.warc.gz'),
    feed: join(options.out, 'feed.csv'),
    offerHomes: join(options.out, 'offer-homes.csv'),
    counts: Object.fromEntries(Object.entries(offers).map(([k, v]) => [k, v.length])),
    seconds: { bag: bagSeconds, import: importSeconds, pages: (performance.now() - t) / 1000 },
  }
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
  log(`pages and archive in ${manifest.seconds.pages.toFixed(0)} s: ${JSON.stringify(manifest.counts)}`)
  return manifest
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      vbo: { type: 'string' },
      listings: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string' },
    },
  })
  if (!values.vbo || !values.listings || !values.out)
    throw new Error('usage: generate-national.ts --vbo N --listings M --out DIR [--seed S]')
  await generateNational({
    vbo: Number(values.vbo),
    listings: Number(values.listings),
    out: values.out,
    seed: values.seed ? Number(values.seed) : undefined,
    log: (line) => process.stderr.write(`${line}\n`),
  })
}
