import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import type { SeededRandom } from '../../src/kit/seeded-random.js'
import {
  parseArea,
  parseEnergyLabel,
  parsePrice,
  parseRooms,
  parseYearBuilt,
} from '../../src/kit/text-parsers.js'
import type { AddressBook } from './address-book.js'
import type { BagIdAllocator } from './id-allocator.js'
import { daysBefore, SAMPLE_CITIES, type SampleHome, type SampleOffer } from './sample-home.js'

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

/**
 * Real Pararius rentals (pararius.com, 2024-10-20: link, price, postcode, area, rooms, year, label) for the sample's
 * cities, `perCity` each. Pararius hides house numbers, so each home gets a generated one in the BAG. Adds every
 * row it uses to `used`.
 */
export function parariusOffers(
  rows: readonly ParariusRow[],
  perCity: number,
  ids: BagIdAllocator,
  addresses: AddressBook,
  rng: SeededRandom,
  used: Set<string>,
  recordedOn: string,
): SampleOffer[] {
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
