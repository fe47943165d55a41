import { hash } from 'node:crypto'
import type { Store } from '../store/database.js'
import { jsonEachParam, param, prepareByPosition, prepareQuery } from '../store/prepared.js'
import type { GoldenRecordTable } from '../store/schema.js'
import { buildGoldenRecord, type GoldenRecord } from './golden-record.js'
import type { MergeAhead } from './merge-ahead.js'
import { createMergeInputLoader, factsKey, type MergeInputLoaderOptions } from './merge-inputs.js'
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

/** A golden row computed ahead, with the key of the listing facts it was built from and the stored row's hash. */
interface RowAhead {
  readonly key: string
  readonly row: GoldenRecordTable | null
  readonly stored: string | null
}

/** Beyond every id: how far the worker got once it is done. */
const END = '\uffff'

/** Homes whose inputs are read with one pair of statements. */
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
  // made compact, so existing hashes stay valid. Spliced from cached parts: quoting the provenance's JSON again for
  // every record cost 1.4 µs of 5.6. Extended in place: a spread copy of these fields cost 3 µs.
  const json = JSON.stringify(row)
  const input_hash = hash(
    'sha1',
    `${json.slice(0, -1)},"provenance_json":${quotedProvenanceJson(provenance_json)}}`,
    'base64url',
  )
  return Object.assign(row, { provenance_json, input_hash, updated_generation: generation })
}

/**
 * Reads the stored `input_hash` of each of these homes that has a golden record, with one statement; for the writer
 * below, and for the merge's worker, which reads the same committed rows (the publish writes none before the merge).
 */
export function storedHashReader(store: Store): (ids: readonly string[]) => Map<string, string> {
  const statement = prepareQuery<{ ids: string }, [string, string]>(
    store.sqlite,
    store.db
      .selectFrom(jsonEachParam('ids', 'j'))
      .innerJoin('golden_records as g', 'g.bag_id', 'j.value')
      .select(['g.bag_id', 'g.input_hash']),
  ).raw(true)
  return (ids) => new Map(statement.all({ ids: JSON.stringify(ids) }))
}

/** What a {@link createGoldenRecordWriter} write did. */
export interface GoldenWriteCounts {
  /** Records new or changed. */
  written: number
  unchanged: number
  /** Records of objects gone from the BAG. */
  removed: number
  /** Rows, of all of the above, that a worker had computed ahead (see `startMergeAhead`). */
  ahead: number
}

/** Rebuilds golden records by id, writing only those whose content changed. Run inside the caller's transaction. */
export function createGoldenRecordWriter(
  store: Store,
  priority: (source: string) => number,
  options: MergeInputLoaderOptions = {},
) {
  const loader = createMergeInputLoader(store, options)
  const { db, sqlite } = store
  // A new record costs one insert, a changed one one update, an unchanged one nothing: the stored hashes are read
  // first, a batch at a time. Trying the update first (it wrote only when the hash differed) bound all 17 columns for
  // nothing to every new and every unchanged record, then tried the insert: 100k records of the national data,
  // rebuilt and written, took 28–36 µs each that way, 23–33 µs this way (new), 23–26 against 27–35 µs (unchanged).
  const storedHashes = storedHashReader(store)
  const update = prepareByPosition<GoldenRecordTable>(
    sqlite,
    db
      .updateTable('golden_records')
      .set(Object.fromEntries(COLUMNS.slice(1).map((c) => [c, param(c)])) as never)
      .where('bag_id', '=', param('bag_id'))
      .where('input_hash', '<>', param('input_hash')),
  )
  const insert = prepareByPosition<GoldenRecordTable>(
    sqlite,
    db
      .insertInto('golden_records')
      .values(Object.fromEntries(COLUMNS.map((c) => [c, param(c)])) as never)
      .onConflict((oc) => oc.column('bag_id').doNothing()),
  )
  const remove = prepareQuery<{ bag_id: string }>(
    sqlite,
    db.deleteFrom('golden_records').where('bag_id', '=', param('bag_id')),
  )
  return {
    refresh: () => loader.refresh(),
    /**
     * Returns how many records were written (changed or new); objects gone from the BAG lose their record. With
     * `ahead`, rows a worker computed are taken where their listing facts are exactly those read here, and this
     * thread computes the rest from the other end of the list, so that it never waits (see `startMergeAhead`).
     */
    write(ids: Iterable<string>, generation: number, ahead?: MergeAhead): GoldenWriteCounts {
      const counts = { written: 0, unchanged: 0, removed: 0, ahead: 0 }
      // `stored` is the hash of the home's golden record, null when it has none.
      const writeRow = (id: string, row: GoldenRecordTable | null, stored: string | null) => {
        if (!row) counts.removed += stored === null ? 0 : remove.run({ bag_id: id }).changes
        else if (stored === row.input_hash) counts.unchanged += 1
        // The update keeps its hash condition, so an id that comes twice in a batch is still written once.
        else if ((stored === null && insert.run(row).changes > 0) || update.run(row).changes > 0)
          counts.written += 1
        else counts.unchanged += 1
      }
      const writeBatch = (batch: readonly string[], computed?: ReadonlyMap<string, RowAhead>) => {
        const facts = loader.loadFacts(batch)
        const local: string[] = []
        for (const id of batch) {
          const done = computed?.get(id)
          if (done && done.key === factsKey(facts.get(id) ?? [])) {
            writeRow(id, done.row, done.stored)
            counts.ahead += 1
          } else local.push(id)
        }
        if (local.length === 0) return
        const stored = storedHashes(local)
        const inputs = loader.loadMany(local, facts)
        for (let i = 0; i < local.length; i++) {
          const id = local[i]!
          const found = inputs[i]
          writeRow(
            id,
            found ? toGoldenRow(buildGoldenRecord(found, priority), generation) : null,
            stored.get(id) ?? null,
          )
        }
      }
      if (!ahead) {
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
      }
      // Sorted, the order the worker computes in. The worker takes the front, this thread the back, until they meet.
      const sorted = [...new Set(ids)].sort()
      let lo = 0
      let hi = sorted.length
      // The worker's chunk being taken, by id, and its last id; the highest string once it is done.
      let rows = new Map<string, RowAhead>()
      let reach: string | null = null
      while (lo < hi) {
        if (reach === null || (reach !== END && sorted[lo]! > reach)) {
          const chunk = ahead.next()
          if (chunk === 'done') {
            rows = new Map()
            reach = END
          } else if (chunk) {
            rows = new Map(
              chunk.ids.map((id, i) => [
                id,
                { key: chunk.keys[i]!, row: chunk.rows[i]!, stored: chunk.stored[i]! },
              ]),
            )
            reach = chunk.ids.at(-1) ?? reach
            continue
          }
        }
        if (reach !== null && sorted[lo]! <= reach) {
          // The worker got past the next id: take its rows up to where it got.
          let end = lo + 1
          while (end < hi && end - lo < BATCH && sorted[end]! <= reach) end++
          writeBatch(sorted.slice(lo, end), rows)
          lo = end
        } else {
          // Not yet: this thread computes a batch itself, from the other end.
          const start = Math.max(lo, hi - BATCH)
          writeBatch(sorted.slice(start, hi))
          hi = start
        }
      }
      ahead.stop()
      return counts
    },
  }
}
