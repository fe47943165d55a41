import { FEED_COLUMNS } from '../../sources/feed/adapter.js'
import { displayPostcode } from '../../src/normalise/index.js'
import type { SeededRandom } from '../seeded-random.js'
import type { SampleOffer } from './sample-home.js'

/**
 * The partner prints a house number its own way: "8-2" where Funda prints "8 2", "13hs" for "13 H", "11a" for
 * "11 A", "134-I" for "134 I". Now and then it drops the addition altogether, as real feeds do; then the number is
 * ambiguous in the BAG and the listing stays unresolved.
 */
export function partnerNumber(offer: SampleOffer, rng: SeededRandom, dropAddition: boolean): string {
  const { home } = offer
  const n = home.huisnummer
  if (dropAddition || (!home.huisletter && !home.toevoeging)) return String(n)
  const printed = home.printedNumber ?? ''
  if (/\s(?:I|II|III|IV|V|VI|VII)$/.test(printed)) return printed.replace(' ', '-')
  if (home.toevoeging === 'H') return rng.pick([`${n}hs`, `${n}-H`, `${n}h`])
  if (home.huisletter && !home.toevoeging)
    return rng.pick([`${n}${home.huisletter.toLowerCase()}`, `${n}-${home.huisletter}`])
  if (home.huisletter) return `${n}${home.huisletter}-${home.toevoeging}`
  return rng.pick([`${n}-${home.toevoeging}`, `${n} ${home.toevoeging}`, `${n}/${home.toevoeging}`])
}

const cell = (value: string | number | null | undefined) => {
  const s = value === null || value === undefined ? '' : String(value)
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
}

/** A partner's feed as a CSV file with a header, one row per offer, plus `extraRows` as they are (bad rows). */
export function feedCsv(offers: readonly SampleOffer[], extraRows: readonly string[] = []): string {
  const rows = offers.map((o) => {
    const f = o.feed!
    const { home } = o
    return [
      f.id,
      f.url,
      o.type,
      o.price,
      home.area,
      home.street,
      f.printedNumber,
      displayPostcode(home.postcode),
      home.city,
      home.energyLabel,
      home.yearBuilt,
      o.rooms,
      o.listedAt,
    ]
      .map(cell)
      .join(',')
  })
  return `${[FEED_COLUMNS.join(','), ...rows, ...extraRows].join('\n')}\n`
}
