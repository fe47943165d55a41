import { InvalidInputError, ParseError } from '../errors.js'
import type { Store } from '../store/database.js'
import { writeMeta } from '../store/publication.repository.js'
import type { EnergyLabelTable } from '../store/schema.js'
import {
  type EnergyLabelRecord,
  isLabelCurrent,
  isPreferredLabel,
  type LabelSkipReason,
  readLabelFile,
} from './ep-online/index.js'
import { openLabelFile } from './open-label-file.js'
import { takeRegisterChanges } from './register-changes.js'
import { type GoldenRewriteReport, rewriteGoldenRecords } from './rewrite-golden-records.js'
import { createNextTables, dropNextTables, NEXT, swapInNextTables } from './swap-tables.js'

/** What an energy-label import did. */
export interface EnergyLabelImportReport extends GoldenRewriteReport {
  readonly path: string
  readonly publicationDate: string | null
  readonly lastMutation: number | null
  /** Data rows in the file (every row after the header). */
  readonly rows: number
  /** Rows read as labels. */
  readonly labels: number
  /** Objects with a label that counts, after the import. */
  readonly objects: number
  /** Labels past their validity: discarded. */
  readonly expired: number
  /** Labels that lost to a newer registration of the same object. */
  readonly superseded: number
  /** Labels without a BAG id that found their object by address. */
  readonly byAddress: number
  /** Labels whose address is not in the local BAG (no id either): not usable here. */
  readonly unresolved: number
  /** Rows not read as labels, by reason; `malformed` are broken rows. */
  readonly skipped: Readonly<Partial<Record<LabelSkipReason, number>>>
  /** Golden records whose label (or EP-Online year) changed and were rewritten. */
  readonly changedObjects: number
  readonly timings: { readMs: number; swapMs: number; goldenMs: number }
  readonly rowsPerSecond: number
}

/** Options for {@link importEnergyLabels}. */
export interface EnergyLabelImportOptions {
  readonly priority: (source: string) => number
  /** Labels that expired before this day are discarded. @default today */
  readonly today?: string
  readonly onProgress?: (rows: number) => void
}

const TABLE = 'energy_labels'
const BATCH = 10_000

/**
 * Loads an EP-Online bulk file (the CSV or its zip, any column vintage) into a fresh table while the current one
 * keeps serving, keeping per object the newest registration that has not expired, and labels the v5 API found that
 * are newer than the file. Then, in one transaction, swaps the table in and rewrites exactly the golden records
 * whose label changed (a new generation when any did). A failed import leaves the previous labels untouched.
 */
export async function importEnergyLabels(
  store: Store,
  path: string,
  options: EnergyLabelImportOptions,
): Promise<EnergyLabelImportReport> {
  const { sqlite } = store
  const now = new Date().toISOString()
  const today = options.today ?? now.slice(0, 10)
  const started = performance.now()
  createNextTables(sqlite, [TABLE])
  try {
    const s = prepareStatements(store)
    const counts = { rows: 0, labels: 0, expired: 0, superseded: 0, byAddress: 0, unresolved: 0 }
    const skipped: Partial<Record<LabelSkipReason, number>> = {}
    let preamble = { publicationDate: null as string | null, lastMutation: null as number | null }

    const keep = (record: EnergyLabelRecord) => {
      if (!isLabelCurrent(record, today)) {
        counts.expired += 1
        return
      }
      let objectId = record.objectId
      if (objectId === null && record.address) {
        const { postcode, huisnummer, huisletter, toevoeging } = record.address
        objectId = s.byAddress.get({ postcode, huisnummer, huisletter, toevoeging })?.object_id ?? null
        if (objectId === null) {
          counts.unresolved += 1
          return
        }
        counts.byAddress += 1
      }
      if (objectId === null) return
      const incumbent = s.current.get({ object_id: objectId })
      if (incumbent) {
        counts.superseded += 1
        if (!isPreferredLabel(record, { registeredAt: incumbent.registered_at })) return
      }
      s.put.run(toRow(objectId, record, now))
    }
    const flush = sqlite.transaction((records: EnergyLabelRecord[]) => {
      for (const record of records) keep(record)
    })

    let batch: EnergyLabelRecord[] = []
    try {
      for await (const event of readLabelFile(await openLabelFile(path), path)) {
        if (event.kind === 'header') {
          preamble = { publicationDate: event.publicationDate, lastMutation: event.lastMutation }
          continue
        }
        counts.rows += 1
        if (event.kind === 'skipped') {
          skipped[event.reason] = (skipped[event.reason] ?? 0) + 1
          continue
        }
        counts.labels += 1
        batch.push(event.record)
        if (batch.length >= BATCH) {
          flush(batch)
          batch = []
          options.onProgress?.(counts.rows)
        }
      }
    } catch (error) {
      if (error instanceof ParseError) throw new InvalidInputError(error.message, { path }, { cause: error })
      throw error
    }
    flush(batch)
    // A label the API found after the file was published stays, unless the file has a newer one.
    sqlite.exec(`
      insert or replace into ${TABLE}${NEXT}
        select * from ${TABLE} e where e.origin = 'api' and e.valid_until >= '${today}'
           and not exists (select 1 from ${TABLE}${NEXT} n where n.object_id = e.object_id and n.registered_at >= e.registered_at)`)
    const readMs = performance.now() - started

    let t = performance.now()
    let swapMs = 0
    let changedObjects = 0
    let rewrite: GoldenRewriteReport = {
      goldenRecords: { written: 0, unchanged: 0, removed: 0 },
      generation: null,
    }
    sqlite
      .transaction(() => {
        changedObjects = collectChangedObjects(store)
        swapInNextTables(sqlite, [TABLE])
        writeMeta(store, 'energy_labels_source', path)
        writeMeta(store, 'energy_labels_imported_at', now)
        if (preamble.publicationDate)
          writeMeta(store, 'energy_labels_publication_date', preamble.publicationDate)
        swapMs = performance.now() - t
        t = performance.now()
        // Pending lookups' changes ride along: their records are rewritten here rather than at the next publish.
        const pending = takeRegisterChanges(store)
        const insertChanged = sqlite.prepare(
          'insert or ignore into temp.label_changes (object_id) values (?)',
        )
        for (const id of pending) insertChanged.run(id)
        rewrite = rewriteGoldenRecords(store, () => changedIds(store), { priority: options.priority, now })
        sqlite.exec('drop table temp.label_changes')
      })
      .immediate()
    const goldenMs = performance.now() - t
    const objects = (sqlite.prepare(`select count(*) as n from ${TABLE}`).get() as { n: number }).n
    return {
      path,
      ...preamble,
      ...counts,
      objects,
      skipped,
      changedObjects,
      ...rewrite,
      timings: { readMs, swapMs, goldenMs },
      rowsPerSecond: Math.round(counts.rows / (readMs / 1000)),
    }
  } catch (error) {
    dropNextTables(sqlite, [TABLE])
    throw error
  }
}

function toRow(objectId: string, r: EnergyLabelRecord, now: string): EnergyLabelTable {
  return {
    object_id: objectId,
    label: r.label,
    registered_at: r.registeredAt,
    valid_until: r.validUntil,
    recorded_at: r.recordedAt,
    building_class: r.buildingClass,
    year_built: r.yearBuilt,
    simplified: r.simplified ? 1 : 0,
    origin: 'bulk',
    fetched_at: now,
  }
}

function prepareStatements(store: Store) {
  const { sqlite } = store
  const next = `${TABLE}${NEXT}`
  return {
    current: sqlite.prepare<[{ object_id: string }], { registered_at: string }>(
      `select registered_at from ${next} where object_id = @object_id`,
    ),
    put: sqlite.prepare<[EnergyLabelTable]>(
      `insert or replace into ${next} (object_id, label, registered_at, valid_until, recorded_at, building_class, year_built, simplified, origin, fetched_at)
       values (@object_id, @label, @registered_at, @valid_until, @recorded_at, @building_class, @year_built, @simplified, @origin, @fetched_at)`,
    ),
    // The BAG stores letters and additions as the municipality typed them; labels are compared in upper case.
    byAddress: sqlite.prepare<
      [{ postcode: string; huisnummer: number; huisletter: string | null; toevoeging: string | null }],
      { object_id: string }
    >(
      `select object_id from bag_addresses
        where postcode = @postcode and huisnummer = @huisnummer
          and upper(coalesce(huisletter, '')) = coalesce(@huisletter, '')
          and upper(coalesce(toevoeging, '')) = coalesce(@toevoeging, '')
        order by is_hoofdadres desc limit 1`,
    ),
  }
}

/**
 * Fills `temp.label_changes` with the objects that have a golden record and whose label facts differ between the
 * live table and the new one (label, registration date or year; gained or lost). Returns how many. Kept in SQLite
 * rather than in memory: a first national import changes millions.
 */
function collectChangedObjects(store: Store): number {
  const { sqlite } = store
  const next = `${TABLE}${NEXT}`
  sqlite.exec('create temp table if not exists label_changes (object_id text primary key) without rowid')
  sqlite.exec('delete from temp.label_changes')
  const differs = (a: string, b: string) =>
    `(${b}.object_id is null or ${a}.label is not ${b}.label or ${a}.registered_at is not ${b}.registered_at or ${a}.year_built is not ${b}.year_built)`
  return sqlite
    .prepare(`
      insert or ignore into temp.label_changes (object_id)
        select n.object_id from ${next} n left join ${TABLE} o on o.object_id = n.object_id
         where ${differs('n', 'o')} and exists (select 1 from golden_records g where g.bag_id = n.object_id)
        union all
        select o.object_id from ${TABLE} o left join ${next} n on n.object_id = o.object_id
         where n.object_id is null and exists (select 1 from golden_records g where g.bag_id = o.object_id)`)
    .run().changes
}

/** The changed ids, a page at a time, so memory stays flat however many there are. */
function* changedIds(store: Store): Generator<string> {
  const page = store.sqlite.prepare<[string], { object_id: string }>(
    'select object_id from temp.label_changes where object_id > ? order by object_id limit 5000',
  )
  let after = ''
  for (;;) {
    const ids = page.all(after)
    if (ids.length === 0) return
    for (const { object_id } of ids) yield object_id
    after = ids[ids.length - 1]!.object_id
  }
}
