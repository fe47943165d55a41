import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateNationalBag } from '../testkit/generate-national.js'
import { MARKET_SITES } from '../testkit/market/market-state.js'
import { marketBagDb, SAMPLE_BAG } from '../testkit/market/sample-market.js'
import { marketShape, marketSize, shapedMarket } from './crawl/bench-market.js'
import { CRAWL_MODES, crawlNights, FIRST_READ_HOURS, type Night, siteRequests } from './crawl/crawl-nights.js'
import { summarise, TARGETS } from './crawl/crawl-targets.js'
import { shareOf } from './crawl/night-figures.js'
import { defineBench } from './support/bench.js'
import { NATIONAL, nationalDir } from './support/national.js'

/** The sample's BAG holds homes for about this many offers: a larger market comes from the national extract. */
const SAMPLE_OFFERS = 5_000
const NATIONAL_OFFERS = 250_000
const NIGHTS = 3
const SEED = 26

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

const percent = (share: number) => `${(share * 100).toFixed(1)} %`

/** One row per mode, night and source, with the report's requests by kind when it counts them. */
function sourceRows(mode: string, nights: readonly Night[]) {
  return nights.flatMap(({ night, counts, sites }) =>
    sites.map((s) => {
      const r = siteRequests(counts, s.site)
      const byKind = s.reported?.requests
      return {
        mode,
        night,
        source: s.site,
        list: r.list,
        detail: r.detail,
        ...(byKind && {
          'detail new': byKind.detailNew,
          'detail changed': byKind.detailChanged,
          refresh: byKind.refresh,
        }),
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

/** One row per mode and source: the nights summed up against the targets. */
function summaryRows(mode: string, nights: readonly Night[]) {
  return MARKET_SITES.map((site) => {
    const s = summarise(nights, site)
    return {
      mode,
      source: site,
      'max ratio, nights 1+': s.maxRatio,
      'first read h': s.firstNightHours,
      'first read nights': Math.ceil(s.firstNightHours / TARGETS.hours),
      'longest h, nights 1+': s.longestHours,
      'min new shown': percent(s.minNew),
      'min prices shown': percent(s.minPrices),
      'min withdrawn shown': percent(s.minWithdrawals),
      'withdrawn wrongly': s.withdrawnWrongly,
      targets: s.missed.length === 0 ? 'hold' : `missed: ${s.missed.join(', ')}`,
    }
  })
}

/**
 * Nights over the simulated market, each through the real CLI crawling live from the market's servers: once per
 * crawl mode, in one process, each from the same BAG import and the same seeded market, so the modes meet the same
 * nights.
 */
export default defineBench({
  name: 'crawl',
  description:
    'nights over the simulated market, incremental and full: requests against the lower bound, night length at politeness, what the API shows',
  async run({ quick, nights = NIGHTS, offers = quick ? SAMPLE_OFFERS : NATIONAL_OFFERS }) {
    const log = (line: string) => process.stderr.write(`  ${line}\n`)
    const bag = await bagFor(offers, log)
    if (!existsSync(marketBagDb(bag.dir))) log(`importing ${bag.zip} into ${marketBagDb(bag.dir)} (once)`)
    const shape = await marketShape(bag.dir, bag.zip, offers, SEED)
    const work = mkdtempSync(join(tmpdir(), 'propdata-crawl-run-'))
    const rows = []
    const totals = []
    const summary = []
    let size = ''
    try {
      for (const mode of CRAWL_MODES) {
        const market = await shapedMarket(bag.dir, bag.zip, shape, SEED)
        size = marketSize(market, shape)
        const result = await crawlNights({
          market,
          baseDb: marketBagDb(bag.dir),
          dir: work,
          nights,
          mode,
          log,
        })
        rows.push(...sourceRows(mode.name, result))
        summary.push(...summaryRows(mode.name, result))
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
          'The market: Funda keeps a part of its generated offers so that it holds a fifth of the market, about',
          'its real share; the other sites keep all of theirs. A Funda with most of the market is the case the',
          'night budget spreads over nights, not the one this compares. verra-makelaars (OGonline) and plaza (Zig)',
          'serve their whole offer as one JSON: one list request a night, no detail pages; their offers are rentals',
          'the other sites carry too, so the market is sized without them.',
          'incremental: the default crawl; full: PROPDATA_CRAWL=full, every detail page every night.',
          `night 0 is the first read: every listing's detail page, with a night budget of ${FIRST_READ_HOURS} h; a real`,
          'crawl spreads it over nights of its budget (first read nights, below).',
          'detail new / changed / refresh: the run report’s detail requests by why they were made.',
          'lower bound: robots.txt, the list pages of the scope the night walked and a detail page per listing of that scope',
          'that is new or whose card shows a changed fact (its price; not its photos, badges, age or position);',
          'ratio: requests ÷ lower bound. polite h: the requests at the source’s own politeness interval.',
          'The cards are in the sites’ real markup, with what changes there when the listing does not: position',
          'ids, signed photo URLs, ages in words, badges that come and go (testkit/sample/volatile-card.ts).',
          'shown, from the published tables the API reads: new offers (relistings included) on an active listing;',
          'price changes whose source observation carries the new price; withdrawals of the night before that are',
          'no longer active (a listing is withdrawn once two complete crawls missed it, PROPDATA_WITHDRAW_AFTER);',
          'withdrawn wrongly: withdrawn although the site still lists them.',
        ],
      },
      {
        title: 'Per night',
        rows: totals,
        notes: [
          'wall s: the ingest with politeness scaled to nothing; longest polite h: the slowest source’s night.',
        ],
      },
      {
        title: 'Per mode and source, against the targets',
        rows: summary,
        notes: [
          `targets: after the first read (night 0) at most ${TARGETS.ratio}× the lower bound and`,
          `${TARGETS.hours} h at the source’s politeness; at least ${percent(TARGETS.shown)} of new offers, price`,
          'changes and withdrawals (within two nights) shown; nothing withdrawn wrongly.',
        ],
      },
    ]
  },
})
