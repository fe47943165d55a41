import { describe, expect, it } from 'vitest'
import { createGoldenRecordWriter } from '../../src/merge/write-golden-records.js'
import { defaultSourcePriority } from '../helpers/registry.js'
import { useSampleStore } from '../helpers/sample-database.js'

const sample = useSampleStore()

type Row = Record<string, unknown>

describe('the golden record writer', () => {
  it('rewrites a record as listings come and go, counting it written only when it changed', () => {
    const { sqlite } = sample.store
    const writer = createGoldenRecordWriter(sample.store, defaultSourcePriority)
    const recordOf = (id: string) =>
      sqlite.prepare('select * from golden_records where bag_id = ?').get(id) as Row | undefined
    const home = sqlite
      .prepare(
        `select o.bag_vbo_id from observations o join golden_records g on g.bag_id = o.bag_vbo_id
          where o.year_built is not null group by o.bag_vbo_id having count(*) = 1 limit 1`,
      )
      .pluck()
      .get() as string
    expect(home).toBeDefined()
    sqlite.exec('begin')
    try {
      const listed = recordOf(home)
      // Unchanged: nothing written.
      expect(writer.write([home], 99)).toEqual({ written: 0, unchanged: 1, removed: 0 })
      expect(recordOf(home)).toEqual(listed)
      // Its listing now describes another home: the record loses the listing's facts, and is written.
      const observation = sqlite.prepare('select id from observations where bag_vbo_id = ?').pluck().get(home)
      sqlite.prepare('update observations set bag_vbo_id = null where id = ?').run(observation)
      expect(writer.write([home], 100)).toEqual({ written: 1, unchanged: 0, removed: 0 })
      const unlisted = recordOf(home)
      expect(unlisted?.input_hash).not.toBe(listed?.input_hash)
      expect(unlisted?.updated_generation).toBe(100)
      // And back: listed again, the same record as before, written in this generation.
      sqlite.prepare('update observations set bag_vbo_id = ? where id = ?').run(home, observation)
      expect(writer.write([home], 101)).toEqual({ written: 1, unchanged: 0, removed: 0 })
      expect(recordOf(home)).toEqual({ ...listed, updated_generation: 101 })
      // An id twice in one call is written once.
      sqlite.prepare('update observations set bag_vbo_id = null where id = ?').run(observation)
      expect(writer.write([home, home], 102)).toEqual({ written: 1, unchanged: 1, removed: 0 })
      // Gone from the BAG and from PDOK: the record goes.
      sqlite.prepare('delete from bag_objects where id = ?').run(home)
      expect(writer.write([home], 103)).toEqual({ written: 0, unchanged: 0, removed: 1 })
      expect(recordOf(home)).toBeUndefined()
    } finally {
      sqlite.exec('rollback')
    }
  })
})
