import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildGoldenRecord } from '../../src/merge/golden-record.js'
import { createMergeInputLoader } from '../../src/merge/merge-inputs.js'
import { createSourcePriority, defaultSourceOrder } from '../../src/merge/source-priority.js'
import { deriveObjectFacts } from '../../src/registers/import-bag.js'
import { openStore, type Store } from '../../src/store/database.js'

let store: Store
const priority = createSourcePriority(defaultSourceOrder(['pararius']))

const object = (
  id: string,
  numId: string,
  oppervlakte: number | null,
  panden: [string, number | null, string][],
) => {
  const s = store.sqlite
  s.prepare(
    "insert into bag_objects (id, kind, hoofdadres_id, gebruiksdoel, oppervlakte, status) values (?, 'verblijfsobject', ?, 'woonfunctie', ?, 'Verblijfsobject in gebruik')",
  ).run(id, numId, oppervlakte)
  s.prepare(
    "insert into bag_addresses (num_id, object_id, is_hoofdadres, postcode, huisnummer, street, street_key, city, city_key) values (?, ?, 1, '2611CC', ?, 'Oude Delft', 'oude delft', 'Delft', 'delft')",
  ).run(numId, id, Number(id.slice(-3)))
  for (const [pandId, year, status] of panden) {
    s.prepare('insert or ignore into bag_panden (id, bouwjaar, status) values (?, ?, ?)').run(
      pandId,
      year,
      status,
    )
    s.prepare('insert into bag_object_panden (object_id, pand_id) values (?, ?)').run(id, pandId)
  }
}

beforeAll(async () => {
  store = await openStore(':memory:')
  store.sqlite.prepare("insert into meta (key, value) values ('bag_stand_date', '2026-11-01')").run()
  const inUse = 'Pand in gebruik'
  // A home in two panden: the 1910 building and a 1985 annex.
  object('0503010000000101', '0503200000000101', 120, [
    ['0503100000000001', 1910, inUse],
    ['0503100000000002', 1985, inUse],
  ])
  // A home whose older pand was demolished, and one with only a placeholder area and year.
  object('0503010000000102', '0503200000000102', 80, [
    ['0503100000000003', 1890, 'Pand gesloopt'],
    ['0503100000000004', 2015, inUse],
  ])
  object('0503010000000103', '0503200000000103', 1, [['0503100000000005', 0, inUse]])
  // Placeholder years: one beside a real year on another pand, one alone.
  object('0503010000000107', '0503200000000107', 90, [
    ['0503100000000007', 1005, inUse],
    ['0503100000000008', 1930, inUse],
  ])
  object('0503010000000108', '0503200000000108', 90, [['0503100000000009', 9999, inUse]])
  // Flats: three objects sharing one pand.
  for (const n of ['104', '105', '106'])
    object(`0503010000000${n}`, `0503200000000${n}`, 60, [['0503100000000006', 1930, inUse]])
  // An import derives year built and dwellings from the panden; these rows were written directly.
  deriveObjectFacts(store.sqlite)
  const label = store.sqlite.prepare(
    "insert into energy_labels (object_id, label, registered_at, valid_until, year_built, origin, fetched_at) values (?, ?, ?, ?, ?, 'bulk', '2026-11-21')",
  )
  label.run('0503010000000101', 'B', '2024-05-02', '2034-05-02', 1911)
  label.run('0503010000000102', 'D', '2014-01-01', '2024-01-01', null) // expired since it was stored
  const woz = store.sqlite.prepare(
    "insert into woz_values (num_id, peildatum, value, object_id, fetched_at) values ('0503200000000101', ?, ?, '0503010000000101', ?)",
  )
  woz.run('2024-01-01', 400_000, '2025-03-01T00:00:00Z')
  woz.run('2025-01-01', 436_000, '2026-11-20T02:00:00Z')
  woz.run('2023-01-01', 392_000, '2025-03-01T00:00:00Z')
})
afterAll(async () => store.close())

const record = (id: string) => {
  const [inputs] = createMergeInputLoader(store).loadMany([id])
  if (!inputs) throw new Error(`no inputs for ${id}`)
  return buildGoldenRecord(inputs, priority)
}

describe('the merger’s BAG and register inputs', () => {
  it('reads a batch exactly as it reads each id alone, in the order asked, unknown ids as null', () => {
    const loader = createMergeInputLoader(store)
    const ids = ['0503010000000102', '0503010000009999', '0503010000000101', '0503010000000102']
    const alone = ids.map((id) => loader.loadMany([id])[0])
    expect(alone[0]).not.toBeNull()
    expect(alone[1]).toBeNull()
    expect(loader.loadMany(ids)).toEqual(alone)
  })

  it('takes the oldest standing pand’s year for an object in several panden', () => {
    expect(record('0503010000000101').yearBuilt).toBe(1910)
    expect(record('0503010000000102').yearBuilt).toBe(2015)
  })

  it('reads placeholder areas and years as unknown, not as facts', () => {
    expect(record('0503010000000103')).toMatchObject({ surfaceArea: null, yearBuilt: null })
  })

  it('never lets a placeholder year hide a real one, and leaves one that is all there is out, saying why', () => {
    expect(record('0503010000000107').yearBuilt).toBe(1930)
    const alone = record('0503010000000108')
    expect(alone.yearBuilt).toBeNull()
    expect(alone.provenance.year_built).toEqual({
      source: 'bag',
      observed_at: '2026-11-01',
      rejected: [
        {
          source: 'bag',
          value: 9999,
          observed_at: '2026-11-01',
          reason: '9999 is after 2031, more than 5 years after bag stated it: a placeholder',
        },
      ],
    })
  })

  it('calls an object that shares its pand with other homes an apartment, a lone one a house', () => {
    expect(record('0503010000000104').dwellingType).toBe('apartment')
    expect(record('0503010000000101').dwellingType).toBe('house')
    expect(record('0503010000000104').usePurpose).toBe('woonfunctie')
  })

  it('takes the label that counts from EP-Online, and ignores one that expired since it was stored', () => {
    const r = record('0503010000000101')
    expect(r.energyLabel).toBe('B')
    expect(r.provenance.energy_label).toEqual({ source: 'ep-online', observed_at: '2024-05-02' })
    expect(r.provenance.year_built?.conflicts).toEqual([
      { source: 'ep-online', value: 1911, observed_at: '2024-05-02' },
    ])
    expect(record('0503010000000102').energyLabel).toBeNull()
  })

  it('takes the newest peildatum as the current WOZ value, observed when it was fetched', () => {
    const r = record('0503010000000101')
    expect(r).toMatchObject({ wozValue: 436_000, wozReferenceDate: '2025-01-01' })
    expect(r.provenance.woz_value).toEqual({ source: 'woz', observed_at: '2026-11-20' })
    expect(record('0503010000000104').wozValue).toBeNull()
  })
})
