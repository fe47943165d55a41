import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import type { SeededRandom } from '../../sources/bag/seeded-random.js'
import {
  parseArea,
  parseEnergyLabel,
  parsePrice,
  parseRooms,
  parseYearBuilt,
} from '../../src/kit/text-parsers.js'
import type { BagIdAllocator } from './id-allocator.js'
import { SAMPLE_CITIES, type SampleHome, type SampleOffer } from './sample-home.js'

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

interface ParariusRow {
  Link: string
  Huurprijs: string
  Locatie: string
  m2: string
  Kamers: string
  Interieur: string
  Bouwjaar: string
  'Energie label': string
}

/**
 * Real Pararius rentals (pararius.com, 2024-10-20: link, price, postcode, area, rooms, year, label) for the sample's
 * cities. Pararius hides house numbers, so each home gets a generated one in the BAG.
 */
export function parariusOffers(
  csvPath: string,
  perCity: number,
  ids: BagIdAllocator,
  rng: SeededRandom,
): SampleOffer[] {
  const rows = parse(readFileSync(csvPath), { columns: true, skip_empty_lines: true }) as ParariusRow[]
  const offers: SampleOffer[] = []
  const numbers = new Set<string>()
  const seen = new Set<string>()
  const freeNumber = (postcode: string) => {
    for (;;) {
      const n = rng.int(1, 240)
      if (!numbers.has(`${postcode}|${n}`)) {
        numbers.add(`${postcode}|${n}`)
        return n
      }
    }
  }
  for (const city of SAMPLE_CITIES) {
    let taken = 0
    let onRequest = 0
    for (const row of rows) {
      if (taken >= perCity) break
      const match =
        /^https:\/\/www\.pararius\.com\/(apartment|house|room)-for-rent\/([a-z-]+)\/([0-9a-f]{8})\/([a-z0-9-]+)$/.exec(
          row.Link,
        )
      // The dataset lists some rentals twice; a site shows a listing once.
      if (!match || match[2] !== city.slug || seen.has(match[3]!)) continue
      seen.add(match[3]!)
      const postcode = /^(\d{4}) ?([A-Z]{2})/.exec(row.Locatie)
      const area = parseArea(row.m2)
      const price = parsePrice(row.Huurprijs)
      if (!postcode || !area || area < 12) continue
      // Keep one "Price on request" per city: the pipeline must keep such listings, without a price.
      if (price.amount === null && !(price.onRequest && onRequest++ === 0)) continue
      const dwelling = match[1] === 'house' ? 'house' : match[1] === 'room' ? 'room' : 'apartment'
      const home: SampleHome = {
        vboId: ids.next(city.gemeente, '01'),
        numId: ids.next(city.gemeente, '20'),
        city: city.name,
        gemeente: city.gemeente,
        street: streetFromSlug(match[4]!),
        postcode: `${postcode[1]}${postcode[2]}`,
        huisnummer: freeNumber(`${postcode[1]}${postcode[2]}`),
        huisletter: rng.chance(0.12) ? rng.pick(['A', 'B', 'C']) : null,
        toevoeging: dwelling === 'apartment' && rng.chance(0.4) ? rng.pick(['1', '2', '3', 'H']) : null,
        area,
        bagArea: Math.round(area * (1 + rng.next() * 0.04)),
        yearBuilt: parseYearBuilt(row.Bouwjaar),
        energyLabel: parseEnergyLabel(row['Energie label']),
        dwelling,
        district: /\(([^)]+)\)/.exec(row.Locatie)?.[1] ?? null,
      }
      offers.push({
        home,
        type: 'rent',
        price: price.amount,
        rooms: parseRooms(row.Kamers).rooms,
        listedAt: new Date(Date.UTC(2026, 10, 19) - rng.int(0, 80) * 86_400_000).toISOString().slice(0, 10),
        pararius: { url: row.Link, id: match[3]!, interior: row.Interieur || null },
      })
      taken += 1
    }
  }
  return offers
}
