/**
 * `node --import tsx tools/bounds-on-evaldata.ts`: runs the listing plausibility rules over the real listings in
 * `data/evaldata` (Pararius rentals 2024, Funda sales Utrecht 2016 and Amsterdam 2021) and prints how many rows each
 * rule would reject, with the rows, then the bounds table of docs/data-quality.md. `test/docs/data-quality-doc.test.ts`
 * holds both to what this prints: no real row rejected, and the table as the bounds are.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parse } from 'csv-parse/sync'
import { PROJECT_ROOT } from '../src/config.js'
import { dwellingFromWord } from '../src/kit/dwelling-from-word.js'
import { LISTING_BOUNDS } from '../src/kit/listing-bounds.js'
import { type Implausible, implausibleValues, type ListingFacts } from '../src/kit/plausible-listing.js'
import { parseArea, parsePrice } from '../src/kit/text-parsers.js'
import { markdownTable } from './sources-doc/markdown-table.js'

/** One real listing, as the rules read it, and where it is. */
export interface RealListing {
  readonly dataset: string
  readonly line: number
  readonly facts: ListingFacts
}

type Row = Record<string, string>
const EVALDATA = join(PROJECT_ROOT, 'data', 'evaldata')
const read = (path: string): Row[] =>
  parse(readFileSync(join(EVALDATA, path)), { columns: true, bom: true, skip_empty_lines: true }) as Row[]
const positive = (text: string | undefined): number | null => {
  const n = Number(text)
  return text && Number.isFinite(n) && n > 0 ? n : null
}

/** Every real listing with a price or an area, read as the adapters read such text (a range is its first figure). */
export function realListings(): RealListing[] {
  const listings: RealListing[] = []
  const add = (dataset: string, i: number, facts: Omit<ListingFacts, 'listedAt'>) => {
    if (facts.price !== null || facts.surfaceArea !== null)
      listings.push({ dataset, line: i + 2, facts: { ...facts, listedAt: null } })
  }
  read('pararius-rent-2024/pararius_listings20102024.csv').forEach((r, i) => {
    // The URL names the kind: /apartment-for-rent/, /house-for-rent/, /room-for-rent/.
    const kind = /pararius\.com\/(\w+)-for-rent\//.exec(r['Link'] ?? '')?.[1]
    add('pararius-rent-2024', i, {
      type: 'rent',
      price: parsePrice(r['Huurprijs']).amount,
      surfaceArea: parseArea(r['m2']),
      dwellingType: kind ? dwellingFromWord(kind) : null,
    })
  })
  read('funda-sold-utrecht-2016/funda_sold_utrecht.csv').forEach((r, i) => {
    add('funda-sold-utrecht-2016', i, {
      type: 'buy',
      price: positive(r['vraagprijs']),
      surfaceArea: positive(r['woonoppervlakte']),
      dwellingType: dwellingFromWord(r['woningtype'] ?? ''),
    })
  })
  read('amsterdam-aug-2021/HousingPrices-Amsterdam-August-2021.csv').forEach((r, i) => {
    add('amsterdam-aug-2021', i, {
      type: 'buy',
      price: positive(r['Price']),
      surfaceArea: parseArea(r['Area']),
      dwellingType: null,
    })
  })
  return listings
}

/** The rules' verdict on one real listing: what they find implausible in it (none, for a listing they take). */
export function rejectedReal(): { listing: RealListing; found: Implausible[] }[] {
  // Dates are not in these files: the moment of checking does not matter.
  const now = new Date()
  return realListings()
    .map((listing) => ({ listing, found: implausibleValues(listing.facts, now) }))
    .filter(({ found }) => found.length > 0)
}

const number = (n: number) => n.toLocaleString('en-GB')
const range = ([min, max]: readonly [number, number]) => `${number(min)}–${number(max)}`

/** The bounds as docs/data-quality.md tables them, one row per offer and kind of home. */
export function boundsTable(): string[] {
  const rows = (['rent', 'buy'] as const).flatMap((type) =>
    Object.entries(LISTING_BOUNDS[type]).map(([kind, b]) => [
      type,
      kind,
      range(b.area),
      range(b.price),
      range(b.pricePerM2),
      b.basis,
    ]),
  )
  return markdownTable(
    ['offer', 'kind', 'area (m²)', 'price (EUR)', 'price per m² (EUR)', 'where from'],
    rows,
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const all = realListings()
  const rejected = rejectedReal()
  for (const dataset of [...new Set(all.map((l) => l.dataset))]) {
    const own = rejected.filter((r) => r.listing.dataset === dataset)
    const checked = all.filter((l) => l.dataset === dataset).length
    const byField = new Map<string, number>()
    for (const { found } of own) for (const f of found) byField.set(f.field, (byField.get(f.field) ?? 0) + 1)
    const counts = ['listedAt', 'surfaceArea', 'price', 'pricePerM2'].map(
      (f) => `${f} ${byField.get(f) ?? 0}`,
    )
    process.stdout.write(`${dataset}: ${checked} rows, ${own.length} rejected (${counts.join(', ')})\n`)
    for (const { listing, found } of own)
      process.stdout.write(
        `  line ${listing.line}: ${found.map((f) => `${f.field}: ${f.message}`).join('; ')}\n`,
      )
  }
  process.stdout.write(`\n${boundsTable().join('\n')}\n`)
}
