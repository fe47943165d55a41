/**
 * Builds `data/sample/`: a recorded archive of listing pages in each source's real format, built from real public
 * data in `data/evaldata/`, and a BAG 2.0 extract covering the same homes. Run: `npm run build-sample`.
 * Deterministic apart from WARC record ids and zip timestamps.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SeededRandom } from '../sources/bag/seeded-random.js'
import { PROJECT_ROOT } from '../src/config.js'
import { createWarcRecorder } from '../src/fetch/index.js'
import { BagIdAllocator } from './sample/id-allocator.js'
import { parariusOffers } from './sample/pararius-homes.js'
import {
  PARARIUS_ROBOTS,
  parariusDetailPage,
  parariusSearchPages,
  type SamplePage,
} from './sample/pararius-pages.js'
import { writeSampleBag } from './sample/sample-bag.js'
import { SAMPLE_CITIES } from './sample/sample-home.js'

const SAMPLE_DIR = join(PROJECT_ROOT, 'data', 'sample')
const EVALDATA = join(PROJECT_ROOT, 'data', 'evaldata')
const RECORDED_AT = '2026-11-20T02:00:00.000Z'
const STAND = '2026-11-01'

async function main() {
  const rng = new SeededRandom(20_261_120)
  const ids = new BagIdAllocator()
  rmSync(SAMPLE_DIR, { recursive: true, force: true })
  mkdirSync(join(SAMPLE_DIR, 'bag'), { recursive: true })

  const pararius = parariusOffers(
    join(EVALDATA, 'pararius-rent-2024', 'pararius_listings20102024.csv'),
    50,
    ids,
    rng,
  )
  const homes = pararius.map((o) => o.home)
  const bag = await writeSampleBag(
    join(SAMPLE_DIR, 'bag', 'lvbag-extract-sample.zip'),
    homes,
    ids,
    rng,
    STAND,
  )

  const pages: SamplePage[] = [PARARIUS_ROBOTS]
  for (const city of SAMPLE_CITIES) {
    const offers = pararius.filter((o) => o.home.city === city.name)
    pages.push(...parariusSearchPages(offers, city), ...offers.map((o) => parariusDetailPage(o, city)))
  }
  const recorder = await createWarcRecorder(join(SAMPLE_DIR, 'archive.warc.gz'), {
    'propdata-sample': 'built by scripts/build-sample.ts',
  })
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
    description:
      'The bundled sample: real listings from public datasets, in each source’s page format, and a BAG extract for the same homes.',
    recordedAt: RECORDED_AT,
    sources: ['pararius'],
    scope: { cities: SAMPLE_CITIES.map((c) => c.name), types: ['rent', 'buy'] },
    archive: 'archive.warc.gz',
    bag: 'bag/lvbag-extract-sample.zip',
  }
  writeFileSync(join(SAMPLE_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  process.stdout.write(
    `Sample: ${pages.length} pages (${pararius.length} Pararius listings in ${SAMPLE_CITIES.length} cities), BAG ${JSON.stringify(bag.voorkomens)}\n`,
  )
}

await main()
