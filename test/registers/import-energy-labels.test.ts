import { createWriteStream, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import yazl from 'yazl'
import { provenanceJson } from '../../src/merge/stored-provenance.js'
import { importEnergyLabels } from '../../src/registers/import-energy-labels.js'
import { markRegisterChanges, takeRegisterChanges } from '../../src/registers/register-changes.js'
import { openStore, type Store } from '../../src/store/database.js'
import { readPublication } from '../../src/store/publication.repository.js'
import { defaultSourcePriority } from '../helpers/registry.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { DELFT, importDelftBag } from './delft-bag.js'

const dir = useTempDir()
const FIXTURES = join(import.meta.dirname, '../../src/registers/ep-online/fixtures')
const V5 = join(FIXTURES, 'mutatiebestand-v5.csv')
const V2 = join(FIXTURES, 'labels-v2-2023.csv')
const TODAY = '2026-11-22'
let store: Store

beforeAll(async () => {
  store = await openStore(join(dir, 'labels.db'))
  await importDelftBag(store, dir)
})
afterAll(async () => store.close())

const golden = (id: string) =>
  store.sqlite
    .prepare(
      'select energy_label, year_built, provenance_json, updated_generation from golden_records where bag_id = ?',
    )
    .get(id) as {
    energy_label: string | null
    year_built: number
    provenance_json: string
    updated_generation: number
  }
const labels = () =>
  store.sqlite
    .prepare('select object_id, label, registered_at, origin from energy_labels order by object_id')
    .all()
const run = (path: string) =>
  importEnergyLabels(store, path, { priority: defaultSourcePriority, today: TODAY })

async function zipOf(csvPath: string, zipPath: string): Promise<string> {
  const zip = new yazl.ZipFile()
  zip.addBuffer(readFileSync(csvPath), 'v20261101_v5_csv.csv')
  zip.end()
  await new Promise<void>((resolve, reject) =>
    zip.outputStream.pipe(createWriteStream(zipPath)).once('close', resolve).once('error', reject),
  )
  return zipPath
}

describe('import energy-labels', () => {
  it('loads the v5 bulk file: newest valid label per object, by id or by address, broken rows counted', async () => {
    const before = readPublication(store).generation
    const report = await run(V5)
    expect(report).toMatchObject({
      publicationDate: '2026-11-01',
      lastMutation: 48_213_377,
      rows: 8,
      labels: 6,
      expired: 2,
      superseded: 0,
      byAddress: 1,
      unresolved: 0,
      skipped: { malformed: 1, 'no-label': 1 },
      objects: 4,
      changedObjects: 3,
      goldenRecords: { written: 3 },
      generation: before + 1,
    })
    expect(labels()).toEqual([
      { object_id: DELFT.oudeDelft12a.vbo, label: 'C', registered_at: '2024-05-02', origin: 'bulk' },
      { object_id: DELFT.oudeDelft14_2.vbo, label: 'B', registered_at: '2021-06-30', origin: 'bulk' },
      { object_id: '0503010000099001', label: 'A+++++', registered_at: '2025-01-15', origin: 'bulk' },
      { object_id: DELFT.houseboat.lig, label: 'A++', registered_at: '2022-09-01', origin: 'bulk' },
    ])
    const record = golden(DELFT.oudeDelft12a.vbo)
    expect(record.energy_label).toBe('C')
    expect(JSON.parse(provenanceJson(record.provenance_json)).energy_label).toEqual({
      source: 'ep-online',
      observed_at: '2024-05-02',
    })
    expect(golden(DELFT.oudeDelft7.vbo).energy_label).toBeNull() // its only label expired in 2020
  })

  it('changes nothing, and keeps the generation, when the same file comes again (here zipped, as RVO ships it)', async () => {
    const before = readPublication(store).generation
    const report = await run(await zipOf(V5, join(dir, 'labels.zip')))
    expect(report).toMatchObject({ labels: 6, objects: 4, changedObjects: 0, generation: null })
    expect(report.goldenRecords.written).toBe(0)
    expect(readPublication(store).generation).toBe(before)
  })

  it('reads the older pand_* vintage and rewrites exactly the records whose label changed, under a new generation', async () => {
    const generations = () =>
      Object.fromEntries(
        (
          store.sqlite.prepare('select bag_id, updated_generation from golden_records').all() as {
            bag_id: string
            updated_generation: number
          }[]
        ).map((r) => [r.bag_id, r.updated_generation]),
      )
    const before = generations()
    const report = await run(V2)
    // 2023's file has only 12A's expired 2016 label: 12A loses its label; 14-2 and the houseboat keep theirs.
    expect(report).toMatchObject({
      rows: 3,
      labels: 3,
      expired: 1,
      byAddress: 1,
      objects: 2,
      changedObjects: 1,
    })
    const after = generations()
    const changed = Object.keys(after).filter((id) => after[id] !== before[id])
    expect(changed).toEqual([DELFT.oudeDelft12a.vbo])
    expect(after[DELFT.oudeDelft12a.vbo]).toBe(report.generation)
    expect(golden(DELFT.oudeDelft12a.vbo).energy_label).toBeNull()
  })

  it('keeps a label the API found that is newer than the file, and rewrites the records the API changed', async () => {
    store.sqlite
      .prepare(
        "insert into energy_labels (object_id, label, registered_at, valid_until, origin, fetched_at) values (?, 'A', '2026-06-01', '2036-06-01', 'api', '2026-11-21')",
      )
      .run(DELFT.oudeDelft7.vbo)
    // As a look-up does: the change waits for the next publish, or, as here, an import.
    markRegisterChanges(store, [DELFT.oudeDelft7.vbo], '2026-11-21T00:00:00Z')
    await run(V5)
    expect(takeRegisterChanges(store)).toEqual([])
    expect(labels()).toContainEqual({
      object_id: DELFT.oudeDelft7.vbo,
      label: 'A',
      registered_at: '2026-06-01',
      origin: 'api',
    })
    expect(golden(DELFT.oudeDelft7.vbo).energy_label).toBe('A')
  })

  it('refuses a file that is not a label file and leaves the loaded labels untouched', async () => {
    const bad = join(dir, 'not-labels.csv')
    writeFileSync(bad, 'Postcode;Huisnummer\n2611CC;12\n')
    const before = labels()
    await expect(run(bad)).rejects.toThrow(/Not an EP-Online label file: no Energieklasse/)
    expect(labels()).toEqual(before)
    const leftover = store.sqlite
      .prepare("select name from sqlite_master where name like 'energy_labels__next%'")
      .all()
    expect(leftover).toEqual([])
  })
})
