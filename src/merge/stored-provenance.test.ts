import { hash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { OUDE_DELFT_BAG } from '../../test/helpers/bag-facts.js'
import { buildGoldenRecord, type Fact, type FieldProvenance, type GoldenRecord } from './golden-record.js'
import { provenanceJson, servedProvenanceJson, storeProvenance } from './stored-provenance.js'
import { toGoldenRow } from './write-golden-records.js'

type Provenance = GoldenRecord['provenance']

const BAG = { source: 'bag', observed_at: '2026-11-01' }
const BAG_ONLY: Provenance = {
  year_built: BAG,
  energy_label: null,
  woz_value: null,
  surface_area: BAG,
  use: BAG,
  dwelling_type: BAG,
}

const rejectedValues = fc.array(
  fc.record({ source: fc.string(), value: fc.jsonValue(), observed_at: fc.string(), reason: fc.string() }),
  { minLength: 1, maxLength: 2 },
)

const fieldProvenance: fc.Arbitrary<FieldProvenance | null> = fc.oneof(
  fc.constant(null),
  fc.constant(BAG),
  fc.record({ source: fc.constantFrom('bag', 'funda', 'pararius'), observed_at: fc.string() }),
  fc.record({
    source: fc.string(),
    observed_at: fc.constantFrom('2026-11-01', '2026-11-22T11:42:32.499Z'),
    conflicts: fc.array(fc.record({ source: fc.string(), value: fc.jsonValue(), observed_at: fc.string() }), {
      maxLength: 3,
    }),
  }),
  fc.record({ source: fc.constant('bag'), observed_at: fc.string(), rejected: rejectedValues }),
  fc.record({
    source: fc.string(),
    observed_at: fc.string(),
    conflicts: fc.array(fc.record({ source: fc.string(), value: fc.jsonValue(), observed_at: fc.string() }), {
      maxLength: 2,
    }),
    rejected: rejectedValues,
  }),
)

/** A record the merge built from the BAG, a WOZ value and a listing that disagrees with the BAG. */
function builtRecord(): GoldenRecord {
  const bag = OUDE_DELFT_BAG
  const listed = <T>(value: T): Fact<T>[] => [
    { source: 'funda', value, observedAt: '2026-11-22T11:42:32.499Z' },
  ]
  return buildGoldenRecord(
    {
      bag,
      registers: {
        woz: [
          {
            source: 'woz',
            value: { value: 412_000, referenceDate: '2025-01-01' },
            observedAt: '2026-03-01',
          },
        ],
      },
      listings: {
        // A year no home can have: left out, with the reason, while the BAG's year stands.
        yearBuilt: [...listed(1890), ...listed(1008)],
        energyLabel: listed('C'),
        surfaceArea: listed(290),
        dwellingType: listed('apartment'),
      },
    },
    () => 0,
  )
}

describe('stored provenance', () => {
  it('expands to exactly the JSON of the provenance it was made from', () => {
    fc.assert(
      fc.property(
        fc.record({
          year_built: fieldProvenance,
          energy_label: fieldProvenance,
          woz_value: fieldProvenance,
          surface_area: fieldProvenance,
          use: fieldProvenance,
          dwelling_type: fieldProvenance,
        }),
        (provenance) => {
          expect(provenanceJson(storeProvenance(provenance))).toBe(JSON.stringify(provenance))
        },
      ),
      { numRuns: 2_000 },
    )
  })

  it('stores a home only the BAG describes in a sixth of the space', () => {
    const stored = storeProvenance(BAG_ONLY)
    expect(stored).toBe('[["bag","2026-11-01"],null,null,0,0,0]')
    expect(stored.length * 6).toBeLessThan(JSON.stringify(BAG_ONLY).length)
  })

  it('keeps conflicts and the values they carry, WOZ objects included', () => {
    const provenance: Provenance = {
      ...BAG_ONLY,
      woz_value: {
        source: 'woz',
        observed_at: '2026-03-01',
        conflicts: [
          {
            source: 'woz',
            value: { value: 412_000, referenceDate: '2025-01-01' },
            observed_at: '2025-03-01',
          },
        ],
      },
      surface_area: {
        ...BAG,
        conflicts: [{ source: 'funda', value: 114.5, observed_at: '2026-11-22T11:42:32.499Z' }],
      },
    }
    expect(JSON.parse(provenanceJson(storeProvenance(provenance)))).toEqual(provenance)
  })

  it('expands a record the merge built to exactly its JSON, whose fields come in the stored order', () => {
    const record = builtRecord()
    expect(provenanceJson(storeProvenance(record.provenance))).toBe(JSON.stringify(record.provenance))
  })

  it('returns a record written in the object form as it is', () => {
    const old = JSON.stringify(BAG_ONLY)
    expect(provenanceJson(old)).toBe(old)
  })
})

describe('servedProvenanceJson', () => {
  const SEEN = '2026-11-22T23:42:32.499Z'
  const provenance: Provenance = {
    ...BAG_ONLY,
    surface_area: { ...BAG, conflicts: [{ source: 'funda', value: 114.5, observed_at: SEEN }] },
    dwelling_type: { source: 'pararius', observed_at: SEEN },
  }
  it("states every observed_at as a day: a register's date as it is, a listing's time of sighting as its UTC date", () => {
    expect(JSON.parse(servedProvenanceJson(storeProvenance(provenance)))).toEqual({
      ...BAG_ONLY,
      surface_area: { ...BAG, conflicts: [{ source: 'funda', value: 114.5, observed_at: '2026-11-22' }] },
      dwelling_type: { source: 'pararius', observed_at: '2026-11-22' },
    })
  })
  it('does so for a record written in the object form too, and leaves the stored form as the hash reads it', () => {
    const stored = JSON.stringify(provenance)
    expect(JSON.parse(servedProvenanceJson(stored)).dwelling_type.observed_at).toBe('2026-11-22')
    expect(provenanceJson(stored)).toBe(stored)
  })
})

describe('toGoldenRow', () => {
  it("hashes the row's fields and the provenance's JSON, as the hashes stored before the compact form did", () => {
    const record = builtRecord()
    const row = toGoldenRow(record, 7)
    const { provenance_json, input_hash, updated_generation, ...fields } = row
    const before = JSON.stringify({ ...fields, provenance_json: JSON.stringify(record.provenance) })
    expect(input_hash).toBe(hash('sha1', before, 'base64url'))
    expect([provenance_json, updated_generation]).toEqual([storeProvenance(record.provenance), 7])
  })
})
