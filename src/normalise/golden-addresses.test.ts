import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { normalisePostcode, parseHouseNumber, splitStreetAddress } from './index.js'

function readCsv(relative: string): Record<string, string>[] {
  return parse(readFileSync(new URL(`../../data/evaldata/${relative}`, import.meta.url)), { columns: true })
}

describe('golden: Amsterdam August 2021 (924 rows)', () => {
  const rows = readCsv('amsterdam-aug-2021/HousingPrices-Amsterdam-August-2021.csv')

  /*
   * Counts as of writing: 924 rows; 6 have no house number at all ("Ringdijk, Amsterdam"); 447 have an
   * addition after the number ("8 2", "13 H", "32 II", "51 hs", "274 VII", "11 A", "49 B 2 +PP", ...);
   * 329 of those produce more than one candidate (lone letters, Roman floors, hs/huis, "PP", "2A").
   * Every number parses; none is rejected.
   */
  it('splits and parses every Address without throwing', () => {
    let withoutNumber = 0
    let withAddition = 0
    let multipleCandidates = 0
    let rejected = 0
    for (const row of rows) {
      const { street, houseNumber } = splitStreetAddress(row['Address']!)
      expect(street, row['Address']).not.toBe('')
      if (houseNumber === null) {
        withoutNumber++
        continue
      }
      const parsed = parseHouseNumber(houseNumber)
      if (parsed === null) {
        rejected++
        continue
      }
      expect(houseNumber.startsWith(String(parsed.huisnummer))).toBe(true)
      if (!/^\d+$/.test(houseNumber)) withAddition++
      if (parsed.candidates.length > 1) multipleCandidates++
    }
    expect(rows).toHaveLength(924)
    expect({ withoutNumber, withAddition, multipleCandidates, rejected }).toEqual({
      withoutNumber: 6,
      withAddition: 447,
      multipleCandidates: 329,
      rejected: 0,
    })
  })

  it('normalises every Zip', () => {
    for (const row of rows) expect(normalisePostcode(row['Zip']), row['Zip']).toMatch(/^[1-9]\d{3} [A-Z]{2}$/)
  })
})

describe('golden: funda sold Utrecht 2016 (4,631 rows)', () => {
  const rows = readCsv('funda-sold-utrecht-2016/funda_sold_utrecht.csv')

  /*
   * The slug ends in the printed address: "appartement-49994749-arthur-van-schendelstraat-110-pp".
   * Counts as of writing: 4,631 rows; 338 are skipped (new-build "bouwnr"/"bouwnummer" project numbers, or no
   * number at all); every other slug splits and parses. 871 have an addition ("bis", "a", "ii", "pp", "bis a")
   * and 572 give more than one candidate. In 28 rows the dataset's own `huisnummer` column is wrong and we are
   * right: it took the ordinal of "1e Daalsedijk 193" / "2e Atjehstraat 53" (1, 2) or the "c4" of "De Veiling c4 306".
   */
  it('parses the house number at the end of every URL slug', () => {
    const counts = { skipped: 0, withAddition: 0, multipleCandidates: 0, columnDisagrees: 0 }
    for (const row of rows) {
      const slug = row['url']!.replace(/\/$/, '').split('/').pop()!
      // "appartement-49994749-arthur-van-schendelstraat-110-pp" → "arthur van schendelstraat 110 pp"
      const address = slug.split('-').slice(2).join(' ')
      const tail = splitStreetAddress(address).houseNumber
      if (tail === null || /bouwn|bwnr/.test(slug)) {
        counts.skipped++
        continue
      }
      const parsed = parseHouseNumber(tail)
      expect(parsed, slug).not.toBeNull()
      if (parsed!.huisnummer !== Number(row['huisnummer'])) counts.columnDisagrees++
      if (tail.includes(' ') || /[a-z]/.test(tail)) counts.withAddition++
      if (parsed!.candidates.length > 1) counts.multipleCandidates++
      expect(normalisePostcode(row['postcode']), row['postcode']).not.toBeNull()
    }
    expect(rows).toHaveLength(4631)
    expect(counts).toEqual({ skipped: 338, withAddition: 871, multipleCandidates: 572, columnDisagrees: 28 })
  })
})
