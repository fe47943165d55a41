import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ingestWith } from '../../src/cli/commands/ingest.js'
import { PROJECT_ROOT } from '../../src/config.js'
import { addDays, dutchDate } from '../../src/kit/dutch-date.js'
import { provenanceJson } from '../../src/merge/stored-provenance.js'
import type { GoldenRecordRow } from '../../src/store/schema.js'
import { type ApiValuation, createValuationService } from '../../src/valuate/valuation-service.js'
import { useSampleStore } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'

const sample = useSampleStore()
const dir = useTempDir()
const SAMPLE_FEED = readFileSync(join(PROJECT_ROOT, 'data', 'sample', 'feed', 'partner-feed.csv'), 'utf8')
const LINES = SAMPLE_FEED.trimEnd().split('\n').length

/** A rental in Utrecht-Oost the sample has no listing for, with `fields` over its own. */
const rental = (id: string, fields: { surface_area?: number; listed_at: string }) =>
  `${id},https://www.partnermakelaar.example/aanbod/${id.toLowerCase()},rent,1500,${fields.surface_area ?? 60},Biltstraat,10,3572 AC,Utrecht,,,2,${fields.listed_at}`

/** The sample's feed with `rows` after its own, read by a feed-only run as `ingest --feed FILE` does. */
async function ingestFeedWith(...rows: string[]) {
  const file = join(dir, 'feed.csv')
  writeFileSync(file, `${SAMPLE_FEED.trimEnd()}\n${rows.join('\n')}\n`)
  return ingestWith(sample.config, sample.store, { feed: [file] }, SILENT_LOGGER)
}

/** Every golden record's valuation as the API answers it, by BAG id, with its postcode. */
function valuations(): Map<string, { postcode: string | null; valuation: ApiValuation }> {
  const service = createValuationService(sample.store)
  const rows = sample.store.sqlite
    .prepare('select * from golden_records order by bag_id')
    .all() as GoldenRecordRow[]
  return new Map(rows.map((row) => [row.bag_id, { postcode: row.postcode, valuation: service.value(row) }]))
}

describe('a feed row with a value that cannot be true', () => {
  it('is rejected with the field, the value and the bound, and changes no estimate of any home', async () => {
    const before = valuations()
    const report = await ingestFeedWith(
      rental('PF-2099', { listed_at: '2099-01-01' }),
      rental('PF-3001', { surface_area: 100_000, listed_at: '2026-11-20' }),
    )
    const reasons = sample.store.sqlite
      .prepare<[number], { reason: string }>('select reason from rejects where run_id = ? order by id')
      .all(report.runId)
      .map((r) => r.reason)
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^line ${LINES + 1}: listedAt: 2099-01-01 is after tomorrow \\(\\d{4}-\\d{2}-\\d{2} in the Netherlands\\)`,
          ),
        ),
        `line ${LINES + 2}: surfaceArea: 100,000 m² is above 5,000 m², the most taken for a home to rent of no stated kind; pricePerM2: EUR 1,500 a month for 100,000 m²: EUR 0.02 per m² is below EUR 0.5 per m², the least taken for a home to rent of no stated kind`,
      ]),
    )
    const stored = sample.store.sqlite
      .prepare("select count(*) as n from observations where source_listing_id in ('PF-2099', 'PF-3001')")
      .get() as { n: number }
    expect(stored.n).toBe(0)
    expect(valuations()).toEqual(before)
  }, 120_000)
})

describe('a plausible feed row: the same rental, listed tomorrow', () => {
  it('moves no home outside its own PC4 by more than 1 %, and not the valuation date', async () => {
    const before = valuations()
    const tomorrow = addDays(dutchDate(new Date()), 1)
    await ingestFeedWith(rental('PF-2100', { listed_at: tomorrow }))
    const after = valuations()
    const moves: number[] = []
    for (const [id, { postcode, valuation }] of before) {
      const now = after.get(id)!.valuation
      expect(now.as_of).toBe(valuation.as_of)
      if (postcode?.startsWith('3572')) continue
      for (const [was, is, step] of [
        [valuation.estimated_price, now.estimated_price, 1_000],
        [valuation.estimated_rent, now.estimated_rent, 5],
      ] as const) {
        if (was === null || is === null) expect(is).toBe(was)
        else moves.push((Math.abs(is - was) - step) / was)
      }
    }
    expect(moves.length).toBeGreaterThan(1_000)
    expect(Math.max(...moves)).toBeLessThanOrEqual(0.01)
  }, 120_000)
})

describe('the golden records', () => {
  it('hold no placeholder year: the BAG’s 1008 is null, and its provenance says why', () => {
    const years = sample.store.sqlite
      .prepare(
        'select bag_id, year_built, provenance_json from golden_records where year_built < 1100 or bag_id = ?',
      )
      .all('0344010001000769') as { bag_id: string; year_built: number | null; provenance_json: string }[]
    expect(years).toHaveLength(1)
    expect(years[0]?.year_built).toBeNull()
    // The BAG, EP-Online and two listing sites all say 1008: each is left out, with the reason.
    const provenance = JSON.parse(provenanceJson(years[0]!.provenance_json)).year_built
    expect(provenance).toMatchObject({ source: 'bag', observed_at: '2026-11-01' })
    expect(provenance.rejected.map((r: { source: string }) => r.source)).toEqual([
      'bag',
      'ep-online',
      'pararius',
      'huurwoningen',
    ])
    for (const rejected of provenance.rejected)
      expect(rejected).toMatchObject({
        value: 1008,
        reason:
          '1008 is before 1100, older than any home standing in the Netherlands: a placeholder or a typo',
      })
  })
})
