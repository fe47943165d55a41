import { InvalidInputError } from '../errors.js'
import { EARLIEST_YEAR_BUILT, YEARS_BUILT_AHEAD } from '../merge/plausible-facts.js'
import { createGoldenRecordWriter } from '../merge/write-golden-records.js'
import { cityKey, normaliseCity, streetKey } from '../normalise/index.js'
import { storeHomeValues } from '../publish/home-values.js'
import type { Store } from '../store/database.js'
import { bumpGeneration, writeMeta } from '../store/publication.repository.js'
import { type BagRecord, readBagExtract, readExtractInfo } from './bag/index.js'
import { createNextTables, dropNextTables, NEXT, swapInNextTables } from './swap-tables.js'

/** The tables a BAG import replaces as a whole. */
export const BAG_TABLES = [
  'bag_woonplaats',
  'bag_openbare_ruimte',
  'bag_nummeraanduiding',
  'bag_objects',
  'bag_object_addresses',
  'bag_object_panden',
  'bag_panden',
  'bag_addresses',
] as const

/** What an import did. */
export interface BagImportReport {
  readonly path: string
  readonly standDate: string | null
  readonly counts: Record<BagRecord['kind'] | 'skipped', number>
  readonly addresses: number
  readonly goldenRecords: { written: number; unchanged: number; removed: number }
  readonly generation: number
  /** `goldenMs` covers the golden records, their valuations and rent regulations. */
  readonly timings: { loadMs: number; indexMs: number; swapMs: number; goldenMs: number }
}

/** Statuses of objects that are not (or no longer) real homes or addresses; they are left out. */
const GONE = /ingetrokken|niet gerealiseerd|ten onrechte|gesloopt/i

/**
 * Loads a BAG 2.0 extract (national zip of zips, zip, folder or XML) into fresh tables while the current ones keep
 * serving, then swaps them in and rebuilds the golden records in one transaction: a re-import replaces cleanly,
 * and a failed import leaves the previous BAG untouched.
 */
export async function importBag(
  store: Store,
  path: string,
  options: { priority: (source: string) => number; onProgress?: (objects: number) => void },
): Promise<BagImportReport> {
  const { sqlite } = store
  const info = await readExtractInfo(path)
  const counts: BagImportReport['counts'] = {
    woonplaats: 0,
    openbareRuimte: 0,
    nummeraanduiding: 0,
    verblijfsobject: 0,
    pand: 0,
    ligplaats: 0,
    standplaats: 0,
    skipped: 0,
  }
  const t0 = performance.now()
  createNextTables(sqlite, BAG_TABLES)
  try {
    const s = prepareInserts(sqlite)
    let batch: BagRecord[] = []
    const flush = sqlite.transaction((records: BagRecord[]) => {
      for (const r of records) insertRecord(s, r, counts)
    })
    for await (const record of readBagExtract(path)) {
      batch.push(record)
      if (batch.length >= 10_000) {
        flush(batch)
        batch = []
        options.onProgress?.(Object.values(counts).reduce((a, b) => a + b, 0))
      }
    }
    flush(batch)
    if (counts.nummeraanduiding === 0 && counts.verblijfsobject === 0) {
      throw new InvalidInputError(`No BAG objects found in ${path}: is it a BAG 2.0 extract?`, { path })
    }
    const loadMs = performance.now() - t0

    let t = performance.now()
    sqlite.function('street_key', { deterministic: true }, (name: unknown) => streetKey(String(name ?? '')))
    sqlite.function('city_key', { deterministic: true }, (name: unknown) => cityKey(String(name ?? '')))
    // The name a place is shown by (the woonplaats "'s-Gravenhage" is "Den Haag"), worked out once per woonplaats.
    const cityNames = new Map<string, string>()
    sqlite.function('city_name', { deterministic: true }, (name: unknown) => {
      const raw = String(name ?? '')
      let shown = cityNames.get(raw)
      if (shown === undefined) {
        shown = normaliseCity(raw)
        cityNames.set(raw, shown)
      }
      return shown
    })
    const addresses = sqlite
      .prepare(`
      insert or ignore into bag_addresses${NEXT}
        (num_id, object_id, is_hoofdadres, postcode, huisnummer, huisletter, toevoeging, street, street_key, city, city_key, oppervlakte)
      select n.id, oa.object_id, oa.is_hoofdadres, n.postcode, n.huisnummer, n.huisletter, n.toevoeging,
             r.naam, street_key(r.naam), city_name(coalesce(w.naam, '')), city_key(coalesce(w.naam, '')), o.oppervlakte
        from bag_object_addresses${NEXT} oa
        join bag_nummeraanduiding${NEXT} n on n.id = oa.num_id
        join bag_objects${NEXT} o on o.id = oa.object_id
        join bag_openbare_ruimte${NEXT} r on r.id = n.openbare_ruimte_id
        left join bag_woonplaats${NEXT} w on w.id = coalesce(n.woonplaats_id, r.woonplaats_id)
       order by oa.is_hoofdadres desc`)
      .run().changes
    deriveObjectFacts(sqlite, NEXT)
    const indexMs = performance.now() - t

    t = performance.now()
    let swapMs = 0
    let goldenMs = 0
    let goldenRecords = { written: 0, unchanged: 0, removed: 0 }
    let generation = 0
    sqlite
      .transaction(() => {
        swapInNextTables(sqlite, BAG_TABLES)
        writeMeta(store, 'bag_stand_date', info.standTechnischeDatum ?? new Date().toISOString().slice(0, 10))
        writeMeta(store, 'bag_source', path)
        writeMeta(store, 'bag_imported_at', new Date().toISOString())
        swapMs = performance.now() - t
        t = performance.now()
        generation = bumpGeneration(store, null, new Date().toISOString())
        const writer = createGoldenRecordWriter(store, options.priority)
        goldenRecords = writer.write(allObjectIds(store), generation)
        goldenRecords.removed += sqlite
          .prepare('delete from golden_records where bag_id not in (select id from bag_objects)')
          .run().changes
        // The records are published valued (with the models the last publish fitted) and with their rent regulation.
        // Any home's BAG facts may have changed, so every home is looked at.
        storeHomeValues(store, generation, new Date().toISOString(), 'all')
        goldenMs = performance.now() - t
      })
      .immediate()
    return {
      path,
      standDate: info.standTechnischeDatum,
      counts,
      addresses,
      goldenRecords,
      generation,
      timings: { loadMs, indexMs, swapMs, goldenMs },
    }
  } catch (error) {
    dropNextTables(sqlite, BAG_TABLES)
    throw error
  }
}

function* allObjectIds(store: Store): Generator<string> {
  const page = store.sqlite.prepare<[string], { id: string }>(
    'select id from bag_objects where id > ? order by id limit 5000',
  )
  let after = ''
  for (;;) {
    const ids = page.all(after)
    if (ids.length === 0) return
    for (const { id } of ids) yield id
    after = ids[ids.length - 1]!.id
  }
}

/**
 * An upsert that keeps the highest voorkomen: the common case (a new id) is one insert; a second "current" version
 * of an id (rare, but real extracts have them) replaces the row only when its voorkomen is higher.
 */
function versionedUpsert(sqlite: Store['sqlite'], table: string, columns: readonly string[]) {
  const all = [...columns, 'voorkomen']
  const insert = sqlite.prepare(
    `insert into ${table}${NEXT} (${all.join(', ')}) values (${all.map(() => '?').join(', ')}) on conflict (id) do nothing`,
  )
  const replace = sqlite.prepare(
    `update ${table}${NEXT} set ${all
      .slice(1)
      .map((c) => `${c} = ?`)
      .join(', ')} where id = ? and voorkomen < ?`,
  )
  /** Writes the row: `inserted` (a new id), `replaced` (a higher version of one seen) or `kept` (a lower one). */
  return (values: readonly unknown[], voorkomen: number): 'inserted' | 'replaced' | 'kept' => {
    if (insert.run(...values, voorkomen).changes > 0) return 'inserted'
    return replace.run(...values.slice(1), voorkomen, values[0], voorkomen).changes > 0 ? 'replaced' : 'kept'
  }
}

function prepareInserts(sqlite: Store['sqlite']) {
  const t = (name: string) => `${name}${NEXT}`
  const dropAddresses = sqlite.prepare(`delete from ${t('bag_object_addresses')} where object_id = ?`)
  const dropPanden = sqlite.prepare(`delete from ${t('bag_object_panden')} where object_id = ?`)
  return {
    woonplaats: versionedUpsert(sqlite, 'bag_woonplaats', ['id', 'naam', 'status']),
    openbareRuimte: versionedUpsert(sqlite, 'bag_openbare_ruimte', [
      'id',
      'naam',
      'verkorte_naam',
      'type',
      'status',
      'woonplaats_id',
    ]),
    nummeraanduiding: versionedUpsert(sqlite, 'bag_nummeraanduiding', [
      'id',
      'huisnummer',
      'huisletter',
      'toevoeging',
      'postcode',
      'type_ao',
      'status',
      'openbare_ruimte_id',
      'woonplaats_id',
    ]),
    object: versionedUpsert(sqlite, 'bag_objects', [
      'id',
      'kind',
      'hoofdadres_id',
      'gebruiksdoel',
      'oppervlakte',
      'status',
      'x',
      'y',
    ]),
    pand: versionedUpsert(sqlite, 'bag_panden', ['id', 'bouwjaar', 'status']),
    /** A replaced object's old addresses and panden go with its old version. */
    forgetRelations: (id: string) => {
      dropAddresses.run(id)
      dropPanden.run(id)
    },
    address: sqlite.prepare(
      `insert or replace into ${t('bag_object_addresses')} (object_id, num_id, is_hoofdadres) values (?, ?, ?)`,
    ),
    objectPand: sqlite.prepare(
      `insert or replace into ${t('bag_object_panden')} (object_id, pand_id) values (?, ?)`,
    ),
  }
}

function insertRecord(
  s: ReturnType<typeof prepareInserts>,
  r: BagRecord,
  counts: BagImportReport['counts'],
): void {
  if (GONE.test(r.status) && r.kind !== 'pand') {
    counts.skipped += 1
    return
  }
  counts[r.kind] += 1
  switch (r.kind) {
    case 'woonplaats':
      s.woonplaats([r.id, r.naam, r.status], r.voorkomen)
      return
    case 'openbareRuimte':
      s.openbareRuimte([r.id, r.naam, r.verkorteNaam, r.type, r.status, r.woonplaatsId], r.voorkomen)
      return
    case 'nummeraanduiding':
      s.nummeraanduiding(
        [
          r.id,
          r.huisnummer,
          r.huisletter,
          r.toevoeging,
          r.postcode,
          r.typeAdresseerbaarObject,
          r.status,
          r.openbareRuimteId,
          r.woonplaatsId,
        ],
        r.voorkomen,
      )
      return
    case 'pand':
      s.pand([r.id, r.bouwjaar, r.status], r.voorkomen)
      return
  }
  const gebruiksdoel = r.kind === 'verblijfsobject' ? r.gebruiksdoelen.join(',') : null
  const oppervlakte = r.kind === 'verblijfsobject' ? r.oppervlakte : null
  const [x, y] = r.kind === 'verblijfsobject' ? [r.x, r.y] : [null, null]
  const stored = s.object(
    [r.id, r.kind, r.hoofdadresId, gebruiksdoel, oppervlakte, r.status, x, y],
    r.voorkomen,
  )
  if (stored === 'kept') return
  // Only a replaced version has relations to forget; deleting for every new object would scan per row.
  if (stored === 'replaced') s.forgetRelations(r.id)
  if (r.kind === 'verblijfsobject') for (const pandId of r.pandIds) s.objectPand.run(r.id, pandId)
  s.address.run(r.id, r.hoofdadresId, 1)
  for (const numId of r.nevenadresIds) s.address.run(r.id, numId, 0)
}

/** Panden that no longer (or never) stood: their year is not the home's. */
const GONE_PAND = "('Pand gesloopt', 'Niet gerealiseerd pand', 'Pand ten onrechte opgevoerd')"

/**
 * Stores on each object what the merger needs from its panden, set-based, once per import: the year of its oldest
 * standing pand (an annex built later is a pand of its own) and how many objects its largest pand holds (several make
 * an apartment). A placeholder year (1005, 9999) never hides a real one on another pand; where a placeholder is all
 * there is, it is kept, so that the merge can leave it out and say why. `suffix` names the tables being loaded.
 */
export function deriveObjectFacts(sqlite: Store['sqlite'], suffix = ''): void {
  const standing = `p.status not in ${GONE_PAND}`
  const credible = `p.bouwjaar between ${EARLIEST_YEAR_BUILT} and cast(strftime('%Y', 'now') as integer) + ${YEARS_BUILT_AHEAD}`
  sqlite.exec(`
    drop table if exists temp.import_pand_sizes;
    create temp table import_pand_sizes (pand_id text primary key, n integer not null) without rowid;
    insert into import_pand_sizes select pand_id, count(*) from bag_object_panden${suffix} group by pand_id;
    update bag_objects${suffix} set bouwjaar = f.bouwjaar, dwellings = f.dwellings
      from (select op.object_id,
                   coalesce(min(case when ${standing} and ${credible} then p.bouwjaar end),
                            min(case when ${standing} then p.bouwjaar end)) as bouwjaar,
                   max(s.n) as dwellings
              from bag_object_panden${suffix} op
              join bag_panden${suffix} p on p.id = op.pand_id
              join import_pand_sizes s on s.pand_id = op.pand_id
             group by op.object_id) f
     where f.object_id = bag_objects${suffix}.id;
    drop table temp.import_pand_sizes;
  `)
}
