import {
  defineFileSource,
  type FileRecord,
  InvalidRecordError,
  type ListingInput,
  parseArea,
  parseEnergyLabel,
  parseEuro,
  parseYearBuilt,
} from '../../src/kit/index.js'

/** The columns a partner's file must have; `energy_label`, `year_built`, `rooms` and `listed_at` may be left out. */
const REQUIRED = [
  'source_listing_id',
  'url',
  'type',
  'price',
  'surface_area',
  'street',
  'house_number',
  'postcode',
  'city',
] as const

/** Every column a partner's file may have, in the order the format's documentation lists them. */
export const FEED_COLUMNS = [...REQUIRED, 'energy_label', 'year_built', 'rooms', 'listed_at'] as const

/** Text as the file has it, trimmed; null for an absent or empty value. */
function text(record: FileRecord, column: string): string | null {
  const value = record[column]
  if (value === undefined || value === null) return null
  const s = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : null
  return s === '' ? null : s
}

// A figure with at most Dutch or English separators and an optional euro sign: no words, signs or units.
const PLAIN_NUMBER = /^(?:€\s*)?\d{1,3}(?:[.,\s]?\d{3})*(?:[.,]\d{1,2})?$|^(?:€\s*)?\d+(?:[.,]\d+)?$/

// A figure with a minus sign: a number, but never a price, an area or a count of rooms.
const NEGATIVE = /^-\s*(?:€\s*)?\d/

/**
 * A numeric column: a JSON number, or text that is only a number ("1250", "1.250", "1.250,50", "€ 1250").
 * Anything else ("abc", "-5", "12 m2") is a problem with the row, not a guess; the reason says which (`what` is the
 * kind of number the column holds).
 */
function numberIn(
  record: FileRecord,
  column: string,
  parse: (s: string) => number | null,
  problems: string[],
  { unit, what = 'a number' }: { unit?: RegExp; what?: string } = {},
): number | null {
  const value = record[column]
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value
    problems.push(`${column}: ${value} is not a number`)
    return null
  }
  const raw = text(record, column)
  if (raw === null) return null
  const s = unit ? raw.replace(unit, '') : raw
  const n = PLAIN_NUMBER.test(s) ? parse(s) : null
  if (n === null)
    problems.push(`${column}: ${JSON.stringify(raw)} ${NEGATIVE.test(s) ? 'is negative' : `is not ${what}`}`)
  return n
}

/**
 * A partner's listing file: CSV with a header (comma, semicolon or tab) or JSON Lines, one listing per record,
 * columns `source_listing_id, url, type (rent|buy), price, surface_area, street, house_number, postcode, city`
 * and optionally `energy_label, year_built, rooms, listed_at`. Read with `ingest --sources feed --feed FILE`.
 */
export default defineFileSource({
  kind: 'file',
  id: 'feed',
  name: 'Partner feed',
  description: 'A partner’s listing file (CSV with a header, or JSON Lines), given with --feed FILE',
  offers: ['rent', 'buy'],
  terms: 'allows',
  evidence: {
    kind: 'none',
    why: "The file format is this project's own (sources/feed/README.md), and no partner has delivered a file yet: the fixtures are written to that format, with real homes from public datasets, so no partner's own export has been read.",
  },
  formats: ['csv', 'jsonl'],
  requiredColumns: REQUIRED,
  parseRecord(record): ListingInput {
    const problems: string[] = []
    const price = numberIn(record, 'price', parseEuro, problems)
    // "70 m2" and "70 m²" are plain enough; "70 m2 + tuin" is not.
    const surfaceArea = numberIn(record, 'surface_area', parseArea, problems, { unit: /\s*(?:m2|m²)$/i })
    const rooms = numberIn(record, 'rooms', (s) => (/^\d+$/.test(s) ? Number(s) : null), problems, {
      what: 'a whole number',
    })
    const labelText = text(record, 'energy_label')
    const energyLabel = parseEnergyLabel(labelText)
    if (labelText !== null && energyLabel === null && !/^(onbekend|unknown|-)$/i.test(labelText)) {
      problems.push(`energy_label: ${JSON.stringify(labelText)} is not an energy label`)
    }
    const yearText = text(record, 'year_built')
    const yearBuilt = parseYearBuilt(yearText)
    if (yearText !== null && yearBuilt === null)
      problems.push(`year_built: ${JSON.stringify(yearText)} is not a year`)
    if (problems.length > 0) throw new InvalidRecordError(problems.join('; '))
    return {
      sourceListingId: text(record, 'source_listing_id') ?? '',
      url: text(record, 'url') ?? '',
      type: (text(record, 'type')?.toLowerCase() ?? '') as 'rent' | 'buy',
      price,
      surfaceArea,
      rooms,
      energyLabel,
      yearBuilt,
      street: text(record, 'street'),
      // As printed ("14-2", "12 A", "16hs"): the pipeline reads it, the partner's spelling is kept.
      houseNumber: text(record, 'house_number'),
      postcode: text(record, 'postcode'),
      city: text(record, 'city') ?? '',
      // As written: the kit reads a date or a date-time as the date it names, and refuses anything else.
      listedAt: text(record, 'listed_at'),
    }
  },
})
