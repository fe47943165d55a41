import { hash } from 'node:crypto'
import type { Store } from '../store/database.js'
import { jsonEachParam, param, prepareByPosition, prepareQuery } from '../store/prepared.js'
import { GOLDEN_RECORD_TABLES, type GoldenRecordTable } from '../store/schema.js'
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

/**
 * The hashes of a home's stored golden records: its listed one and its unlisted one (see migration 012), null where it
 * has none.
 */
export type StoredHashes = readonly [listed: string | null, unlisted: string | null]

const NONE: StoredHashes = [null, null]

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

/** Reads the stored hashes (see {@link StoredHashes}) of each of these homes that has a golden record, with one statement. */
function storedHashReader(store: Store): (ids: readonly string[]) => Map<string, StoredHashes> {
  const statement = prepareQuery<{ ids: string }, [string, string | null, string | null]>(
    store.sqlite,
    store.db
      .selectFrom(jsonEachParam('ids', 'j'))
      .leftJoin('golden_records_listed as l', 'l.bag_id', 'j.value')
      .leftJoin('golden_records_unlisted as u', 'u.bag_id', 'j.value')
      .select(['j.value', 'l.input_hash as listed', 'u.input_hash as unlisted'])
      .where((eb) => eb.or([eb('l.bag_id', 'is not', null), eb('u.bag_id', 'is not', null)])),
  ).raw(true)
  return (ids) =>
    new Map(
      statement.all({ ids: JSON.stringify(ids) }).map(([id, listed, unlisted]) => [id, [listed, unlisted]]),
    )
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
  const storedHashes = storedHashReader(store)
  const statements = (table: (typeof GOLDEN_RECORD_TABLES)[number]) => ({
    // Both keep a condition, so that an id that comes twice in a batch is still written once.
    insert: prepareByPosition<GoldenRecordTable>(
      sqlite,
      db
        .insertInto(table)
        .values(Object.fromEntries(COLUMNS.map((c) => [c, param(c)])) as never)
        .onConflict((oc) => oc.column('bag_id').doNothing()),
    ),
    update: prepareByPosition<GoldenRecordTable>(
      sqlite,
      db
        .updateTable(table)
        .set(Object.fromEntries(COLUMNS.slice(1).map((c) => [c, param(c)])) as never)
        .where('bag_id', '=', param('bag_id'))
        .where('input_hash', '<>', param('input_hash')),
    ),
    remove: prepareQuery<{ bag_id: string }>(
      sqlite,
      db.deleteFrom(table).where('bag_id', '=', param('bag_id')),
    ),
  })
  const [listedTable, unlistedTable] = GOLDEN_RECORD_TABLES.map(statements) as [
    ReturnType<typeof statements>,
    ReturnType<typeof statements>,
  ]
  /** Writes `row` into a table that holds the hash `stored` for it (null: no row); true when a row changed. */
  const put = (table: typeof listedTable, row: GoldenRecordTable, stored: string | null) =>
    (stored === null && table.insert.run(row).changes > 0) || table.update.run(row).changes > 0
  return {
    /** Returns how many records were written (changed or new); objects gone from the BAG lose their record. */
    write(ids: Iterable<string>, generation: number): GoldenWriteCounts {
      const counts = { written: 0, unchanged: 0, removed: 0 }
      // A home's record goes to the listed table when listings state facts about it, else to the unlisted one (whose
      // listed record, if any, goes). It counts as written when the record read through `golden_records` changed.
      const writeRow = (id: string, row: GoldenRecordTable | null, stored: StoredHashes, listed: boolean) => {
        const [inListed, inUnlisted] = stored
        if (!row) {
          const gone =
            (inListed === null ? 0 : listedTable.remove.run({ bag_id: id }).changes) +
            (inUnlisted === null ? 0 : unlistedTable.remove.run({ bag_id: id }).changes)
          if (gone > 0) counts.removed += 1
          return
        }
        const before = inListed ?? inUnlisted
        let changed = false
        if (listed) {
          // An unlisted record that is already this one stays where it is.
          if (inListed !== null || inUnlisted !== row.input_hash) changed = put(listedTable, row, inListed)
        } else {
          if (inListed !== null) changed = listedTable.remove.run({ bag_id: id }).changes > 0
          changed = put(unlistedTable, row, inUnlisted) || changed
        }
        if (changed && before !== row.input_hash) counts.written += 1
        else counts.unchanged += 1
      }
      const writeBatch = (batch: readonly string[]) => {
        const stored = storedHashes(batch)
        const facts = loader.loadFacts(batch)
        const inputs = loader.loadMany(batch, facts)
        for (let i = 0; i < batch.length; i++) {
          const id = batch[i]!
          const found = inputs[i]
          writeRow(
            id,
            found ? toGoldenRow(buildGoldenRecord(found, priority), generation) : null,
            stored.get(id) ?? NONE,
            (facts.get(id)?.length ?? 0) > 0,
          )
        }
      }
      // Streamed in the caller's order: an import passes every object in the BAG.
      let batch: string[] = []
      for (const id of ids) {
        batch.push(id)
        if (batch.length === BATCH) {
          writeBatch(batch)
          batch = []
        }
      }
      writeBatch(batch)
      return counts
    },
  }
}
