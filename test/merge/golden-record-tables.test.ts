import { describe, expect, it } from 'vitest'
import { sourcePriority } from '../../src/cli/commands/import.js'
import { createGoldenRecordWriter } from '../../src/merge/write-golden-records.js'
import { useSampleStore } from '../helpers/sample-database.js'

const sample = useSampleStore()

type Row = Record<string, unknown>

describe('the two golden record tables', () => {
  /** The home's rows in each table, and its record as `golden_records` reads it. */
  const rowsOf = (id: string) => {
    const { sqlite } = sample.store
    const one = (table: string) =>
      sqlite.prepare(`select * from ${table} where bag_id = ?`).get(id) as Row | undefined
    return {
      listed: one('golden_records_listed'),
      unlisted: one('golden_records_unlisted'),
      read: one('golden_records'),
    }
  }

  it('keep a listed home in the listed table, every other home in the unlisted one, and read each once', () => {
    const { sqlite } = sample.store
    const count = (sql: string) => sqlite.prepare(sql).pluck().get() as number
    // Every home a listing describes has its record in the listed table; no other home has one there.
    expect(
      count(`select count(*) from golden_records_listed
              where bag_id not in (select bag_vbo_id from observations where bag_vbo_id is not null)`),
    ).toBe(0)
    expect(
      count(`select count(distinct o.bag_vbo_id) from observations o join golden_records g on g.bag_id = o.bag_vbo_id
              where o.bag_vbo_id not in (select bag_id from golden_records_listed)`),
    ).toBe(0)
    expect(count('select count(*) from golden_records_listed')).toBeGreaterThan(20)
    // The view gives each home once: its listed record over an unlisted one.
    expect(count('select count(*) from golden_records')).toBe(
      count('select count(distinct bag_id) from golden_records'),
    )
    expect(count('select count(*) from golden_records')).toBe(
      count(`select count(*) from (select bag_id from golden_records_listed
                                   union select bag_id from golden_records_unlisted)`),
    )
  })

  it('move a record between them as listings come and go, counting it written only when it changed', () => {
    const { sqlite } = sample.store
    const writer = createGoldenRecordWriter(sample.store, sourcePriority)
    const home = sqlite
      .prepare(
        `select o.bag_vbo_id from observations o join golden_records_listed l on l.bag_id = o.bag_vbo_id
          where o.year_built is not null group by o.bag_vbo_id having count(*) = 1 limit 1`,
      )
      .pluck()
      .get() as string
    expect(home).toBeDefined()
    sqlite.exec('begin')
    try {
      const listed = rowsOf(home)
      expect(listed.read).toEqual(listed.listed)
      // Unchanged: nothing written, nothing moved.
      expect(writer.write([home], 99)).toEqual({ written: 0, unchanged: 1, removed: 0 })
      // Its listing now describes another home: the record goes back to the unlisted table, without the listing's
      // facts, and is written.
      const observation = sqlite.prepare('select id from observations where bag_vbo_id = ?').pluck().get(home)
      sqlite.prepare('update observations set bag_vbo_id = null where id = ?').run(observation)
      expect(writer.write([home], 100)).toEqual({ written: 1, unchanged: 0, removed: 0 })
      const unlisted = rowsOf(home)
      expect(unlisted.listed).toBeUndefined()
      expect(unlisted.read).toEqual(unlisted.unlisted)
      expect(unlisted.read?.input_hash).not.toBe(listed.read?.input_hash)
      expect(unlisted.read?.updated_generation).toBe(100)
      // And back: listed again, the same record as before, in the listed table.
      sqlite.prepare('update observations set bag_vbo_id = ? where id = ?').run(home, observation)
      expect(writer.write([home], 101)).toEqual({ written: 1, unchanged: 0, removed: 0 })
      const again = rowsOf(home)
      expect({ ...again.listed, updated_generation: 0 }).toEqual({ ...listed.listed, updated_generation: 0 })
      expect(again.read).toEqual(again.listed)
      // Gone from the BAG and from PDOK: both rows go, counted once.
      sqlite.prepare('delete from bag_objects where id = ?').run(home)
      expect(writer.write([home], 102)).toEqual({ written: 0, unchanged: 0, removed: 1 })
      expect(rowsOf(home)).toEqual({ listed: undefined, unlisted: undefined, read: undefined })
    } finally {
      sqlite.exec('rollback')
    }
  })
})
