import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { toCitySlug, urlSlug } from '../../src/kit/index.js'
import { parseEnergyLabel, parseYearBuilt } from '../../src/kit/text-parsers.js'
import { parseHouseNumber, splitStreetAddress } from '../../src/normalise/index.js'
import type { SeededRandom } from '../seeded-random.js'
import type { AddressBook } from './address-book.js'
import type { BagIdAllocator } from './id-allocator.js'
import { streetFromSlug } from './pararius-homes.js'
import { daysBefore, type SampleHome, type SampleOffer, sampleCity } from './sample-home.js'

/** Hands out Funda's ids: a 7-digit global id and an 8-digit tiny id (the one in the URL). */
export class FundaIds {
  #next = 0
  next(): { globalId: number; tinyId: string } {
    this.#next += 1
    return { globalId: 7_300_000 + this.#next * 7, tinyId: String(43_100_000 + this.#next * 13) }
  }
}

/** `https://www.funda.nl/detail/{koop|huur}/{city}/{appartement|huis}-{street}-{number}/{tinyId}/`. */
export function fundaUrl(home: SampleHome, type: 'rent' | 'buy', printed: string, tinyId: string): string {
  const kind = home.dwelling === 'house' ? 'huis' : 'appartement'
  return `https://www.funda.nl/detail/${type === 'rent' ? 'huur' : 'koop'}/${toCitySlug(home.city)}/${kind}-${urlSlug(home.street)}-${urlSlug(printed)}/${tinyId}/`
}

/** How Funda prints a BAG address's number: "23", "23 A", "23-2", "23 A-1". */
export function printNumber(home: Pick<SampleHome, 'huisnummer' | 'huisletter' | 'toevoeging'>): string {
  return `${home.huisnummer}${home.huisletter ? ` ${home.huisletter}` : ''}${home.toevoeging ? `-${home.toevoeging}` : ''}`
}

/** A home at a real address: the BAG number parts are the first reading of the number as printed. */
function realHome(
  fields: Omit<SampleHome, 'vboId' | 'numId' | 'gemeente' | 'huisnummer' | 'huisletter' | 'toevoeging'>,
  printed: string,
  ids: BagIdAllocator,
  addresses: AddressBook,
): SampleHome | null {
  const parts = parseHouseNumber(printed)?.candidates[0]
  if (!parts || !/^[1-9]\d{3}[A-Z]{2}$/.test(fields.postcode)) return null
  if (!addresses.take(fields.postcode, parts.huisnummer, parts.huisletter, parts.toevoeging)) return null
  const city = sampleCity(fields.city)
  return {
    ...fields,
    vboId: ids.next(city.gemeente, '01'),
    numId: ids.next(city.gemeente, '20'),
    gemeente: city.gemeente,
    huisnummer: parts.huisnummer,
    huisletter: parts.huisletter,
    toevoeging: parts.toevoeging,
    printedNumber: printed,
  }
}

/** Options shared by the Funda home builders. */
export interface FundaHomeOptions {
  readonly ids: BagIdAllocator
  readonly addresses: AddressBook
  readonly fundaIds: FundaIds
  readonly rng: SeededRandom
  readonly recordedOn: string
}

/**
 * Real sale listings from the Amsterdam August 2021 dataset (`"Blasiusstraat 8 2, Amsterdam"`, zip, price, area,
 * rooms): address with its real addition, postcode, asking price, area and rooms. Year and label are not in it.
 */
export function amsterdamSales(csvPath: string, count: number, o: FundaHomeOptions): SampleOffer[] {
  const rows = parse(readFileSync(csvPath), { columns: true }) as Record<string, string>[]
  const offers: SampleOffer[] = []
  for (const row of rows) {
    if (offers.length >= count) break
    const { street, houseNumber } = splitStreetAddress(row.Address ?? '')
    const price = Number(row.Price)
    const area = Number(row.Area)
    if (!street || !houseNumber || !(price >= 50_000) || !(area >= 15)) continue
    const home = realHome(
      {
        city: 'Amsterdam',
        street,
        postcode: (row.Zip ?? '').replace(/\s/g, ''),
        area,
        bagArea: Math.round(area * (1 + o.rng.next() * 0.05)),
        yearBuilt: null,
        energyLabel: null,
        // The dataset does not say; an addition is a floor, and a big home without one is likely a house.
        dwelling: /\D/.test(houseNumber) || area < 110 ? 'apartment' : 'house',
        district: null,
      },
      houseNumber,
      o.ids,
      o.addresses,
    )
    if (home) offers.push(fundaOffer(home, 'buy', price, Number(row.Room) || null, o))
  }
  return offers
}

/**
 * Real sold listings from the Funda Utrecht 2016 dataset: street (the full name is in the URL slug when the column
 * is cut off), number and addition (also from the slug: `…-catharijnesingel-100-ga`), postcode, asking price,
 * area, rooms, year built and label.
 */
export function utrechtSales(csvPath: string, count: number, o: FundaHomeOptions): SampleOffer[] {
  const rows = parse(readFileSync(csvPath), { columns: true }) as Record<string, string>[]
  const offers: SampleOffer[] = []
  for (const row of rows) {
    if (offers.length >= count) break
    const slugMatch = /\/(appartement|huis)-\d+-([a-z0-9-]+?)-(\d+)(?:-([a-z0-9]+))?\/?$/.exec(row.url ?? '')
    const price = Number(row.vraagprijs)
    const area = Number(row.woonoppervlakte)
    // A slug whose street part ends in a number ("oudegracht-246-246-bis") cannot be split with confidence.
    if (!slugMatch || slugMatch[3] !== row.huisnummer || /-\d+$/.test(slugMatch[2]!)) continue
    if (!(price >= 50_000) || !(area >= 15)) continue
    const fromColumn = (row.straat ?? '').trim()
    const street = urlSlug(fromColumn) === slugMatch[2] ? fromColumn : streetFromSlug(slugMatch[2]!)
    const printed = `${row.huisnummer}${slugMatch[4] ? ` ${slugMatch[4].toUpperCase()}` : ''}`
    const home = realHome(
      {
        city: 'Utrecht',
        street,
        postcode: (row.postcode ?? '').replace(/\s/g, ''),
        area,
        bagArea: Math.round(area * (1 + o.rng.next() * 0.05)),
        yearBuilt: parseYearBuilt(row.bouwjaar),
        energyLabel: parseEnergyLabel(row.energielabel),
        dwelling: slugMatch[1] === 'huis' ? 'house' : 'apartment',
        district: null,
      },
      printed,
      o.ids,
      o.addresses,
    )
    if (home) offers.push(fundaOffer(home, 'buy', price, Number(row.kamers) || null, o))
  }
  return offers
}

/** A Funda listing of a home: new ids, a URL in Funda's current form, a listing date in the sample's weeks. */
export function fundaOffer(
  home: SampleHome,
  type: 'rent' | 'buy',
  price: number | null,
  rooms: number | null,
  o: FundaHomeOptions,
): SampleOffer {
  const { globalId, tinyId } = o.fundaIds.next()
  const printed = home.printedNumber ?? printNumber(home)
  return {
    home,
    type,
    price,
    rooms,
    listedAt: daysBefore(o.recordedOn, o.rng.int(0, 60)),
    funda: { url: fundaUrl(home, type, printed, tinyId), globalId, tinyId },
  }
}
