import { hash } from 'node:crypto'
import type { Store } from '../store/database.js'
import { jsonEachParam, param, prepareByPosition, prepareQuery } from '../store/prepared.js'
import type { GoldenRecordTable } from '../store/schema.js'
import { buildGoldenRecord, type GoldenRecord } from './golden-record.js'
import { createMergeInputLoader } from './merge-inputs.js'
import { quotedProvenanceJson, storeProvenance } from './stored-provenance.js'

const COLUMNS = [
  'bag_id',
  'num_id',
  'street',
  'number',
  'postcode',
  'city',
  'city_key',
  'year_built',
  'energy_label',
  'woz_value',
  'woz_reference_date',
  'surface_area',
  'use_purpose',
  'dwelling_type',
  'provenance_json',
  'input_hash',
  'updated_generation',
] as const satisfies readonly (keyof GoldenRecordTable)[]

/** Homes read and written together: their stored hashes, BAG facts and listing facts take a statement each. */
const BATCH = 2_000

/** Flattens a record into its row; the hash covers everything but the generation, so unchanged rows are skipped. */
export function toGoldenRow(record: GoldenRecord, generation: number): GoldenRecordTable {
  const row = {
    bag_id: record.bagId,
    num_id: record.numId,
    street: record.address.street,
    number: record.address.number,
    postcode: record.address.postcode,
    city: record.address.city,
    city_key: record.cityKey,
    year_built: record.yearBuilt,
    energy_label: record.energyLabel,
    woz_value: record.wozValue,
    woz_reference_date: record.wozReferenceDate,
    surface_area: record.surfaceArea,
    use_purpose: record.usePurpose,
    dwelling_type: record.dwellingType,
  }
  const provenance_json = storeProvenance(record.provenance)
  // The hash covers these fields and then the provenance in the API's form, as a string: the JSON of this row with
  // `provenance_json: JSON.stringify(record.provenance)` appended, which is what it covered before the stored form was
  // made compact, so existing hashes stay valid. Spliced from cached parts, so that the provenance's JSON is not quoted
  // again for every record, and extended in place rather than copied, as this runs once per home.
  const json = JSON.stringify(row)
  const input_hash = hash(
    'sha1',
    `${json.slice(0, -1)},"provenance_json":${quotedProvenanceJson(provenance_json)}}`,
    'base64url',
  )
  return Object.assign(row, { provenance_json, input_hash, updated_generation: generation })
}

/** What a {@link createGoldenRecordWriter} write did. */
export interface GoldenWriteCounts {
  /** Records new or changed. */
  written: number
  unchanged: number
  /** Records of objects gone from the BAG. */
  removed: number
}

/** Rebuilds golden records by id, writing only those whose content changed. Run inside the caller's transaction. */
export function createGoldenRecordWriter(store: Store, priority: (source: string) => number) {
  const loader = createMergeInputLoader(store)
  const { db, sqlite } = store
  // The stored hashes are read first, a batch at a time, so that a new record costs one insert, a changed one one
  // update and an unchanged one nothing.
  const storedHashes = prepareQuery<{ ids: string }, [string, string]>(
    sqlite,
    db
      .selectFrom(jsonEachParam('ids', 'j'))
      .innerJoin('golden_records as g', 'g.bag_id', 'j.value')
      .select(['g.bag_id', 'g.input_hash']),
  ).raw(true)
  // Both keep a condition, so that an id that comes twice in a batch is still written once.
  const insert = prepareByPosition<GoldenRecordTable>(
    sqlite,
    db
      .insertInto('golden_records')
      .values(Object.fromEntries(COLUMNS.map((c) => [c, param(c)])) as never)
      .onConflict((oc) => oc.column('bag_id').doNothing()),
  )
  const update = prepareByPosition<GoldenRecordTable>(
    sqlite,
    db
      .updateTable('golden_records')
      .set(Object.fromEntries(COLUMNS.slice(1).map((c) => [c, param(c)])) as never)
      .where('bag_id', '=', param('bag_id'))
      .where('input_hash', '<>', param('input_hash')),
  )
  const remove = prepareQuery<{ bag_id: string }>(
    sqlite,
    db.deleteFrom('golden_records').where('bag_id', '=', param('bag_id')),
  )
  /** Writes the record of each home in `batch`, given its stored hash (none: no record yet). */
  const writeBatch = (batch: readonly string[], generation: number, counts: GoldenWriteCounts) => {
    const stored = new Map(storedHashes.all({ ids: JSON.stringify(batch) }))
    const inputs = loader.loadMany(batch)
    for (let i = 0; i < batch.length; i++) {
      const id = batch[i]!
      const found = inputs[i]
      const storedHash = stored.get(id)
      if (!found) {
        // Neither the BAG nor PDOK knows the object any more: its record goes.
        if (storedHash !== undefined) counts.removed += remove.run({ bag_id: id }).changes
        continue
      }
      const row = toGoldenRow(buildGoldenRecord(found, priority), generation)
      if (storedHash === row.input_hash) counts.unchanged += 1
      else if ((storedHash === undefined && insert.run(row).changes > 0) || update.run(row).changes > 0)
        counts.written += 1
      else counts.unchanged += 1
    }
  }
  return {
    /** Returns how many records were written (changed or new); objects gone from the BAG lose their record. */
    write(ids: Iterable<string>, generation: number): GoldenWriteCounts {
      const counts = { written: 0, unchanged: 0, removed: 0 }
      // Streamed in the caller's order: an import passes every object in the BAG.
      let batch: string[] = []
      for (const id of ids) {
        batch.push(id)
        if (batch.length === BATCH) {
          writeBatch(batch, generation, counts)
          batch = []
        }
      }
      writeBatch(batch, generation, counts)
      return counts
    },
  }
}
