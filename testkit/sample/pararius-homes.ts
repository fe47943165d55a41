import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import {
  parseArea,
  parseEnergyLabel,
  parsePrice,
  parseRooms,
  parseYearBuilt,
} from '../../src/kit/text-parsers.js'
import type { SeededRandom } from '../seeded-random.js'
import type { AddressBook } from './address-book.js'
import type { BagIdAllocator } from './id-allocator.js'
import {
  daysBefore,
  SAMPLE_CITIES,
  type SampleCity,
  type SampleHome,
  type SampleOffer,
} from './sample-home.js'

const PARTICLES = new Set([
  'van',
  'de',
  'der',
  'den',
  'het',
  'te',
  'ter',
  'ten',
  'aan',
  'op',
  'in',
  'en',
  'bij',
  'tot',
  'voor',
  'over',
])

/** "mr-g-groen-van-prinstererlaan" → "Mr G Groen van Prinstererlaan": Pararius's slug is all we have of the street. */
export function streetFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word, i) => (i > 0 && PARTICLES.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ')
}

/** One row of the Pararius dataset (pararius.com, 2024-10-20). */
export interface ParariusRow {
  Link: string
  Huurprijs: string
  Locatie: string
  m2: string
  Kamers: string
  Interieur: string
  Bouwjaar: string
  'Energie label': string
}

/** The rows of the Pararius dataset. */
export const readParariusRows = (csvPath: string): ParariusRow[] =>
  parse(readFileSync(csvPath), { columns: true, skip_empty_lines: true }) as ParariusRow[]

/** pararius.com/{apartment|house|room}-for-rent/{city}/{8hex}/{street-slug}: what the link says. */
export const PARARIUS_LINK =
  /^https:\/\/www\.pararius\.com\/(apartment|house|room)-for-rent\/([a-z-]+)\/([0-9a-f]{8})\/([a-z0-9-]+)$/

/** A generated home for a dataset row: its real street, postcode, area, year and label; a free house number. */
export function homeFromRow(
  row: ParariusRow,
  city: (typeof SAMPLE_CITIES)[number],
  dwelling: SampleHome['dwelling'],
  ids: BagIdAllocator,
  addresses: AddressBook,
  rng: SeededRandom,
): SampleHome | null {
  const match = PARARIUS_LINK.exec(row.Link)
  const postcode = /^(\d{4}) ?([A-Z]{2})/.exec(row.Locatie)
  const area = parseArea(row.m2)
  if (!match || !postcode || !area || area < 8) return null
  const pc = `${postcode[1]}${postcode[2]}`
  const huisnummer = addresses.freeNumber(pc, rng)
  const huisletter = rng.chance(0.12) ? rng.pick(['A', 'B', 'C']) : null
  const toevoeging = dwelling === 'apartment' && rng.chance(0.4) ? rng.pick(['1', '2', '3', 'H']) : null
  addresses.take(pc, huisnummer, huisletter, toevoeging)
  return {
    vboId: ids.next(city.gemeente, '01'),
    numId: ids.next(city.gemeente, '20'),
    city: city.name,
    gemeente: city.gemeente,
    street: streetFromSlug(match[4]!),
    postcode: pc,
    huisnummer,
    huisletter,
    toevoeging,
    area,
    bagArea: Math.round(area * (1 + rng.next() * 0.04)),
    yearBuilt: parseYearBuilt(row.Bouwjaar),
    energyLabel: parseEnergyLabel(row['Energie label']),
    dwelling,
    district: /\(([^)]+)\)/.exec(row.Locatie)?.[1] ?? null,
  }
}

/** What a site's sample needs to place a home: its ids and addresses, the seed, and the rows used so far. */
export interface HomeSupply {
  readonly ids: BagIdAllocator
  readonly addresses: AddressBook
  readonly rng: SeededRandom
  readonly used: Set<string>
}

/**
 * Real Pararius rentals (pararius.com, 2024-10-20: link, price, postcode, area, rooms, year, label) for the sample's
 * cities, `perCity` each. Pararius hides house numbers, so each home gets a generated one in the BAG. Adds every
 * row it uses to the supply's `used`.
 */
export function parariusOffers(
  rows: readonly ParariusRow[],
  perCity: number,
  supply: HomeSupply,
  recordedOn: string,
): SampleOffer[] {
  const { ids, addresses, rng, used } = supply
  const offers: SampleOffer[] = []
  for (const city of SAMPLE_CITIES) {
    let taken = 0
    let onRequest = 0
    for (const row of rows) {
      if (taken >= perCity) break
      const match = PARARIUS_LINK.exec(row.Link)
      // The dataset lists some rentals twice; a site shows a listing once.
      if (!match || match[2] !== city.slug || used.has(match[3]!)) continue
      const price = parsePrice(row.Huurprijs)
      // Keep one "Price on request" per city: the pipeline must keep such listings, without a price.
      if (price.amount === null && !(price.onRequest && onRequest++ === 0)) continue
      const dwelling = match[1] === 'house' ? 'house' : match[1] === 'room' ? 'room' : 'apartment'
      if ((parseArea(row.m2) ?? 0) < 12) continue
      const home = homeFromRow(row, city, dwelling, ids, addresses, rng)
      if (!home) continue
      used.add(match[3]!)
      offers.push({
        home,
        type: 'rent',
        price: price.amount,
        rooms: parseRooms(row.Kamers).rooms,
        listedAt: daysBefore(recordedOn, rng.int(0, 80)),
        pararius: { url: row.Link, id: match[3]!, interior: row.Interieur || null },
      })
      taken += 1
    }
  }
  return offers
}

/** Which rows of the dataset a site takes: homes of these kinds, in these cities, that fit it (by area, m²). */
export interface RentalPick {
  readonly kinds: readonly SampleHome['dwelling'][]
  readonly cities: readonly SampleCity[]
  readonly fits: (kind: SampleHome['dwelling'], area: number) => boolean
}

/** Whether `pick` takes a home the sample already has (a site that shares some of its homes with another). */
export const picks = (pick: RentalPick, home: SampleHome): boolean =>
  pick.cities.some((c) => c.name === home.city) &&
  pick.kinds.includes(home.dwelling) &&
  pick.fits(home.dwelling, home.area)

/**
 * The priced rentals of the dataset that `pick` takes and no part of the sample uses yet, in the dataset's order,
 * each with a generated home at its real postcode; every row it yields is added to `used`. Lazy: a caller that
 * stops draws nothing more from the seed.
 */
export function* unusedRentals(
  rows: readonly ParariusRow[],
  pick: RentalPick,
  supply: HomeSupply,
): Generator<{ home: SampleHome; price: number; rooms: number | null }> {
  for (const row of rows) {
    const match = PARARIUS_LINK.exec(row.Link)
    const city = pick.cities.find((c) => c.slug === match?.[2])
    const kind = match?.[1] as SampleHome['dwelling'] | undefined
    const price = parsePrice(row.Huurprijs).amount
    if (!match || !city || !kind || supply.used.has(match[3]!) || !pick.kinds.includes(kind)) continue
    if (price === null || !pick.fits(kind, parseArea(row.m2) ?? 0)) continue
    const home = homeFromRow(row, city, kind, supply.ids, supply.addresses, supply.rng)
    if (!home) continue
    supply.used.add(match[3]!)
    yield { home, price, rooms: parseRooms(row.Kamers).rooms }
  }
}

/**
 * `perCity` rentals in each of `pick`'s cities that no part of the sample uses yet, listed in the `days` days before
 * `recordedOn`: homes for a site whose offer the sample makes up from the dataset's spare rows.
 */
export function spareRentals(
  rows: readonly ParariusRow[],
  pick: RentalPick,
  perCity: number,
  supply: HomeSupply,
  recordedOn: string,
  days = 60,
): SampleOffer[] {
  const offers: SampleOffer[] = []
  for (const city of pick.cities) {
    let taken = 0
    for (const rental of unusedRentals(rows, { ...pick, cities: [city] }, supply)) {
      offers.push({ ...rental, type: 'rent', listedAt: daysBefore(recordedOn, supply.rng.int(0, days)) })
      if (++taken >= perCity) break
    }
  }
  return offers
}
