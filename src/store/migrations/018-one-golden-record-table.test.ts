import { join } from 'node:path'
import { expect, it } from 'vitest'
import { databaseBefore } from '../../../test/helpers/database-before.js'
import { useTempDir } from '../../../test/helpers/temp-dir.js'
import { openStore } from '../database.js'

const dir = useTempDir()

it('folds the listed and unlisted golden records into one table, a listed record over an unlisted one', async () => {
  const path = join(dir, 'old.db')
  const sqlite = await databaseBefore(path, '018-one-golden-record-table')
  const insert = (table: string, bagId: string, hash: string, generation: number) =>
    sqlite
      .prepare(
        `insert into ${table} (bag_id, city, provenance_json, input_hash, updated_generation)
           values (?, 'Delft', '[]', ?, ?)`,
      )
      .run(bagId, hash, generation)
  insert('golden_records_listed', 'a', 'listed-a', 5)
  // The stale unlisted row the listed one hid.
  insert('golden_records_unlisted', 'a', 'stale-a', 2)
  insert('golden_records_unlisted', 'b', 'unlisted-b', 3)
  insert('golden_records_listed', 'c', 'listed-c', 4)
  const viewed = sqlite.prepare('select * from golden_records order by bag_id').all()
  const definition = sqlite
    .prepare(`select sql from sqlite_master where name = 'golden_records_unlisted'`)
    .pluck()
    .get() as string
  sqlite.close()

  const store = await openStore(path)
  const read = (query: string) => store.sqlite.prepare(query).all()
  expect(read('select * from golden_records order by bag_id')).toEqual(viewed)
  expect(read('select bag_id, input_hash, updated_generation from golden_records order by bag_id')).toEqual([
    { bag_id: 'a', input_hash: 'listed-a', updated_generation: 5 },
    { bag_id: 'b', input_hash: 'unlisted-b', updated_generation: 3 },
    { bag_id: 'c', input_hash: 'listed-c', updated_generation: 4 },
  ])
  // One table, defined as the table was before the split, and no view or other table beside it.
  expect(
    read(
      `select type, name from sqlite_master
        where type <> 'index' and (name like 'golden_records%' or tbl_name like 'golden_records%')`,
    ),
  ).toEqual([{ type: 'table', name: 'golden_records' }])
  expect(
    store.sqlite.prepare(`select sql from sqlite_master where name = 'golden_records'`).pluck().get(),
  ).toBe(definition.replace('golden_records_unlisted', 'golden_records'))
  await store.close()
})
