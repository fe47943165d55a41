/**
 * Loaders for back-test datasets: the two default evaluation sets in data/evaldata and any CSV
 * in the generic format below. The model itself does no I/O.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { parseArea, parseEnergyLabel, parsePrice, parseYearBuilt } from '../kit/text-parsers.js'
import { areaPostcode } from './area-keys.js'
import { DEFAULT_PRICE_PER_M2 } from './fit-valuation-model.js'
import type { Comparable, ValuationKind } from './types.js'

/** A named set of comparables of one kind (asking prices or monthly rents) plus how many input rows were dropped, by reason. */
export interface Dataset {
  readonly name: string
  readonly kind: ValuationKind
  readonly source: string
  readonly rows: readonly Comparable[]
  readonly dropped: Readonly<Record<string, number>>
}

type Row = Record<string, string>

const UTRECHT = 'data/evaldata/funda-sold-utrecht-2016/funda_sold_utrecht.csv'
const AMSTERDAM = 'data/evaldata/amsterdam-aug-2021/HousingPrices-Amsterdam-August-2021.csv'
const PARARIUS_RENT = 'data/evaldata/pararius-rent-2024/pararius_listings20102024.csv'

function readCsv(path: string): Row[] {
  return parse(readFileSync(path), { columns: true, bom: true, skip_empty_lines: true, trim: true }) as Row[]
}

const num = (s: string | undefined): number | null => {
  if (s === undefined || s.trim() === '' || s.trim().toUpperCase() === 'NA') return null
  const n = Number(s)
  return Number.isFinite(n) ? n : null
}

const text = (s: string | undefined): string | null => (s && s.trim() !== '' ? s.trim() : null)

/** Parses a dwelling type in English or Dutch ("appartement", "huis", "woonhuis"). */
function dwellingType(s: string | undefined): Comparable['dwellingType'] {
  const v = s?.trim().toLowerCase() ?? ''
  if (v === 'apartment' || v.includes('appartement')) return 'apartment'
  if (v === 'house' || v === 'huis' || v.includes('woonhuis')) return 'house'
  return null
}

/**
 * Keeps rows that can be valued and counts the others by reason: no price, no (single) living
 * area, no postcode or city, a price per m² outside the model's plausible range for the kind, or a
 * duplicate. A duplicate (same `sameSale` key as an earlier row: one sale listed twice) must go,
 * because in a back-test its twin in the training folds would hand a home its own price.
 */
function collect(
  rows: Row[],
  kind: ValuationKind,
  toComparable: (row: Row, i: number) => Comparable | string,
  sameSale: (row: Row, c: Comparable) => string | null = () => null,
): {
  rows: Comparable[]
  dropped: Record<string, number>
} {
  const range = DEFAULT_PRICE_PER_M2[kind]
  const kept: Comparable[] = []
  const dropped: Record<string, number> = {}
  const seen = new Set<string>()
  rows.forEach((row, i) => {
    const c = toComparable(row, i)
    let reason =
      typeof c === 'string'
        ? c
        : !(c.price > 0)
          ? 'no-price'
          : !(c.surfaceArea > 0)
            ? 'no-area'
            : areaPostcode(c.postcode) === null && c.city === null
              ? 'no-location'
              : c.price / c.surfaceArea < range[0] || c.price / c.surfaceArea > range[1]
                ? 'implausible-price-per-m2'
                : null
    if (reason === null) {
      const key = sameSale(row, c as Comparable)
      if (key !== null && seen.has(key)) reason = 'duplicate'
      else if (key !== null) seen.add(key)
    }
    if (reason === null) kept.push(c as Comparable)
    else dropped[reason] = (dropped[reason] ?? 0) + 1
  })
  return { rows: kept, dropped }
}

/** Same postcode, address, price and area: one sale listed twice, not a resale. */
const saleKey = (address: string, c: Comparable) =>
  `${areaPostcode(c.postcode)}|${address.trim().toLowerCase()}|${c.price}|${c.surfaceArea}`

/** Funda sales, Utrecht 2015–2016 (84 Dutch columns): last asking price, living area, year, label, type. */
function loadUtrecht2016(path: string): Dataset {
  const { rows, dropped } = collect(
    readCsv(path),
    'sale',
    (r, i) => {
      const year = num(r['bouwjaar'])
      return {
        id: text(r['RowKey']) ?? `utrecht-${i}`,
        price: num(r['vraagprijs']) ?? 0,
        surfaceArea: num(r['woonoppervlakte']) ?? 0,
        postcode: r['postcode'] ?? '',
        // `plaats` holds booleans in this file; gemeente is the city.
        city: text(r['gemeente']),
        yearBuilt: year !== null && Number.isInteger(year) ? year : null,
        energyLabel: text(r['energielabel']),
        dwellingType: dwellingType(r['woningtype']) ?? dwellingType(r['soort_woning']),
        // The vraagprijs of a sold listing is its last asking price, which held until the sale;
        // dating it at the sale fitted better in the back-test than the first listing date.
        listedAt: text(r['verkoopdatum']) ?? text(r['aangeboden_sinds']),
      }
    },
    (r, c) => {
      // `straat` is sometimes cut off; the url slug ("appartement-49761764-catharijnesingel-100")
      // holds the full street and addition.
      const slug = (r['url'] ?? '')
        .replace(/\/$/, '')
        .split('/')
        .at(-1)
        ?.replace(/^[a-z]+-\d+-/, '')
      return slug ? saleKey(slug, c) : null
    },
  )
  return { name: 'utrecht-2016', kind: 'sale', source: path, rows, dropped }
}

/** Amsterdam listings, August 2021: only price, area, rooms and postcode. */
function loadAmsterdam2021(path: string): Dataset {
  const { rows, dropped } = collect(
    readCsv(path),
    'sale',
    (r, i) => {
      const rawArea = r['Area'] ?? ''
      // A few areas are bands such as "100-120"; a midpoint would add invented noise, so drop them.
      if (/^\d+\s*-\s*\d+$/.test(rawArea)) return 'area-range'
      return {
        id: `amsterdam-${text(r['']) ?? i}`,
        price: num(r['Price']) ?? 0,
        surfaceArea: num(rawArea) ?? 0,
        postcode: r['Zip'] ?? '',
        city: text(r['Address']?.split(',').at(-1)) ?? 'Amsterdam',
        listedAt: '2021-08-01',
      }
    },
    (r, c) => saleKey(r['Address'] ?? '', c),
  )
  return { name: 'amsterdam-2021', kind: 'sale', source: path, rows, dropped }
}

/** pararius.com/{apartment|house|room}-for-rent/{city}/{8 hex id}/{street}: what a listing's link says. */
const PARARIUS_LINK =
  /^https:\/\/www\.pararius\.com\/(apartment|house|room)-for-rent\/([a-z-]+)\/([0-9a-f]{8})\//

/**
 * Pararius rentals, collected on 20 October 2024: monthly rent, living area, postcode (no house number), year and
 * label; the city and the kind of home come from the link. A room is valued as the pipeline values it, without a
 * dwelling type; rents or areas given as a range are dropped, as a midpoint would add invented noise.
 */
function loadParariusRent2024(path: string): Dataset {
  const { rows, dropped } = collect(
    readCsv(path),
    'rent',
    (r) => {
      const link = PARARIUS_LINK.exec(r['Link'] ?? '')
      if (!link) return 'no-location'
      const rent = parsePrice(r['Huurprijs'])
      if (rent.isRange) return 'price-range'
      if (/\d\s*-\s*\d/.test(r['m2'] ?? '')) return 'area-range'
      return {
        id: link[3]!,
        price: rent.amount ?? 0,
        surfaceArea: parseArea(r['m2']) ?? 0,
        postcode: /^\d{4} ?[A-Z]{2}/.exec(r['Locatie'] ?? '')?.[0] ?? '',
        city: link[2]!,
        yearBuilt: parseYearBuilt(r['Bouwjaar']),
        energyLabel: parseEnergyLabel(r['Energie label']),
        dwellingType: link[1] === 'room' ? null : (link[1] as 'apartment' | 'house'),
        listedAt: '2024-10-20',
      }
    },
    (_r, c) => `id:${c.id}`,
  )
  return { name: 'pararius-rent-2024', kind: 'rent', source: path, rows, dropped }
}

/** The default back-test datasets, resolved against the repository root: two of asking prices, one of rents. */
export function loadDefaultDatasets(rootDir: string): Dataset[] {
  return [
    loadUtrecht2016(join(rootDir, UTRECHT)),
    loadAmsterdam2021(join(rootDir, AMSTERDAM)),
    loadParariusRent2024(join(rootDir, PARARIUS_RENT)),
  ]
}

const REQUIRED_COLUMNS = ['price', 'surface_area', 'postcode']
const FORMAT_NOTE = `a back-test file is a CSV with a header holding ${REQUIRED_COLUMNS.join(', ')}, one row per home and its price`

/** The rows of a `--data` file, or an error that names the file and says why it cannot be read as one. */
function readDataFile(path: string): Row[] {
  try {
    return readCsv(path)
  } catch (error) {
    const { code, message } = error as { code?: string; message: string }
    if (code === 'EISDIR') throw new Error(`${path}: a folder, not a file`)
    if (code === 'ENOENT') throw new Error(`${path}: no such file`)
    if (code?.startsWith('CSV_'))
      throw new Error(`${path}: not a CSV the back-test can read (${message}); ${FORMAT_NOTE}`)
    throw new Error(`${path}: ${message}`)
  }
}

/**
 * Loads a CSV for `propdata backtest --data FILE`. Format: UTF-8, comma-separated, one header
 * row; column order free, unknown columns ignored, empty cell = unknown.
 *   required: price (EUR), surface_area (m² living area), postcode ("1234AB" or "1234 AB")
 *   optional: id (a repeated id is dropped as a duplicate), city, year_built, energy_label ('A+++'..'G'), dwelling_type ('apartment' |
 *             'house', Dutch 'appartement' | 'huis' also read), woz_value (EUR),
 *             woz_reference_date (ISO), listed_at (ISO date the price was set)
 */
export function loadDatasetFile(path: string, kind: ValuationKind = 'sale'): Dataset {
  const raw = readDataFile(path)
  const header = Object.keys(raw[0] ?? {})
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c))
  if (raw.length === 0) throw new Error(`${path}: no rows; ${FORMAT_NOTE}`)
  if (missing.length > 0) throw new Error(`${path}: missing column(s) ${missing.join(', ')}; ${FORMAT_NOTE}`)
  const { rows, dropped } = collect(
    raw,
    kind,
    (r, i) => ({
      id: text(r['id']) ?? `row-${i + 1}`,
      price: num(r['price']) ?? 0,
      surfaceArea: num(r['surface_area']) ?? 0,
      postcode: r['postcode'] ?? '',
      city: text(r['city']),
      yearBuilt: num(r['year_built']),
      energyLabel: text(r['energy_label']),
      dwellingType: dwellingType(r['dwelling_type']),
      wozValue: num(r['woz_value']),
      wozReferenceDate: text(r['woz_reference_date']),
      listedAt: text(r['listed_at']),
    }),
    // Without addresses, only a repeated id marks a duplicate here.
    (r) => {
      const id = text(r['id'])
      return id ? `id:${id}` : null
    },
  )
  const name =
    path
      .split(/[\\/]/)
      .at(-1)
      ?.replace(/\.csv$/i, '') ?? path
  return { name, kind, source: path, rows, dropped }
}
