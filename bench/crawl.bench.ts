import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateNationalBag } from '../scripts/generate-national.js'
import { MARKET_SITES, type Market } from '../scripts/market/market-state.js'
import { marketBagDb, marketFromBagZip, SAMPLE_BAG } from '../scripts/market/sample-market.js'
import { CRAWL_MODES, crawlNights, type Night, siteRequests } from './crawl/crawl-nights.js'
import { shareOf } from './crawl/night-figures.js'
import { defineBench } from './support/bench.js'
import { NATIONAL, nationalDir } from './support/national.js'

/** The sample's BAG holds homes for about this many offers: a larger market comes from the national extract. */
const SAMPLE_OFFERS = 5_000
const NATIONAL_OFFERS = 250_000
const NIGHTS = 3
const SEED = 26

const offersOf = (market: Market) => MARKET_SITES.reduce((n, s) => n + market.offers(s).length, 0)

/**
 * The BAG extract a market of `offers` offers is drawn from: the sample's when it is large enough, else the national
 * one the pipeline bench generates (written here when it is not there yet).
 */
async function bagFor(offers: number, log: (line: string) => void): Promise<{ zip: string; dir: string }> {
  if (offers <= SAMPLE_OFFERS) return { zip: SAMPLE_BAG, dir: join(tmpdir(), 'propdata-crawl-sample') }
  const zip = join(nationalDir(NATIONAL), 'bag.zip')
  if (!existsSync(zip)) {
    log(`generating the national BAG extract in ${zip} (once; takes a while)`)
    mkdirSync(nationalDir(NATIONAL), { recursive: true })
    await generateNationalBag({ vbo: NATIONAL.vbo, out: zip })
  }
  return { zip, dir: join(tmpdir(), `propdata-crawl-national-${NATIONAL.vbo}`) }
}

/** How many homes make at least `offers` offers (or as many as the BAG has): a home is offered about 1.2 times. */
async function homesFor(dir: string, zip: string, offers: number): Promise<number> {
  let homes = Math.ceil(offers / 1.2)
  const total = offersOf(await marketFromBagZip(dir, zip, homes, { seed: SEED }))
  if (total < offers) homes = Math.ceil((homes * offers) / total) + 1
  return homes
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`

/** One row per mode, night and source. */
function sourceRows(mode: string, nights: readonly Night[]) {
  return nights.flatMap(({ night, counts, sites }) =>
    sites.map((s) => {
      const r = siteRequests(counts, s.site)
      return {
        mode,
        night,
        source: s.site,
        list: r.list,
        detail: r.detail,
        robots: r.robots,
        'of them 304': r.notModified,
        requests: r.total,
        'lower bound': s.lowerBound,
        ratio: s.lowerBound > 0 ? r.total / s.lowerBound : 0,
        'polite h': s.politeSeconds / 3600,
        'new shown': percent(shareOf(s.newShown)),
        'prices shown': s.pricesShown.of > 0 ? percent(shareOf(s.pricesShown)) : '–',
        'withdrawn shown': s.withdrawalsShown.of > 0 ? percent(shareOf(s.withdrawalsShown)) : '–',
        'withdrawn wrongly': s.withdrawnWrongly,
      }
    }),
  )
}

/**
 * Nights over the simulated market, each through the real CLI crawling live from the market's servers: once per
 * crawl mode, each from the same BAG import and the same seeded market, so the modes meet the same nights.
 */
export default defineBench({
  name: 'crawl',
  description:
    'nights over the simulated market: requests against the lower bound, night length at politeness, what the API shows',
  async run({ quick, nights = NIGHTS, offers = quick ? SAMPLE_OFFERS : NATIONAL_OFFERS }) {
    const log = (line: string) => process.stderr.write(`  ${line}\n`)
    const bag = await bagFor(offers, log)
    if (!existsSync(marketBagDb(bag.dir))) log(`importing ${bag.zip} into ${marketBagDb(bag.dir)} (once)`)
    const homes = await homesFor(bag.dir, bag.zip, offers)
    const work = mkdtempSync(join(tmpdir(), 'propdata-crawl-run-'))
    const rows = []
    const totals = []
    let size = ''
    try {
      for (const mode of CRAWL_MODES) {
        const market = await marketFromBagZip(bag.dir, bag.zip, homes, { seed: SEED })
        const listed = MARKET_SITES.reduce((n, s) => n + market.listed(s).length, 0)
        size = `${offersOf(market).toLocaleString('en')} offers (${listed.toLocaleString('en')} listed on the first night) on ${market.cities.length} places`
        const result = await crawlNights({
          market,
          baseDb: marketBagDb(bag.dir),
          dir: work,
          nights,
          mode,
          log,
        })
        rows.push(...sourceRows(mode.name, result))
        totals.push(
          ...result.map(({ night, seconds, sites }) => ({
            mode: mode.name,
            night,
            'wall s': seconds,
            'longest polite h': Math.max(...sites.map((s) => s.politeSeconds)) / 3600,
            'withdrawn wrongly': sites.reduce((n, s) => n + s.withdrawnWrongly, 0),
          })),
        )
      }
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
    return [
      {
        title: `Per source and night: ${size}, ${nights} nights`,
        rows,
        notes: [
          'lower bound: the list pages of the scope plus a detail page per listing that is new or whose card changed;',
          'ratio: requests ÷ lower bound. polite h: the requests at the source’s own politeness interval.',
          'shown, from the published tables the API reads: new offers (relistings included) on an active listing;',
          'price changes whose source observation carries the new price; withdrawals of this night and the one',
          'before that are no longer active; withdrawn wrongly: withdrawn although the site still lists them.',
          'A listing is withdrawn once two complete crawls missed it (PROPDATA_WITHDRAW_AFTER), so a night’s',
          'withdrawals show after the next night.',
        ],
      },
      {
        title: 'Per night',
        rows: totals,
        notes: [
          'wall s: the ingest with politeness scaled to nothing; longest polite h: the slowest source’s night.',
        ],
      },
    ]
  },
})
