import BetterSqlite3 from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { jsonRows, objectRows, param, prepareByPosition } from './prepared.js'

describe('objectRows', () => {
  const sqlite = new BetterSqlite3(':memory:')
  sqlite.exec(`create table t (id integer primary key, name text, "odd ""name"" }" real, blob blob);
               insert into t values (1, 'a', 1.5, x'01'), (2, null, null, null);`)
  const sql = 'select * from t where id >= ? order by id'

  it('returns the rows better-sqlite3 returns, for get, all and iterate', () => {
    const plain = sqlite.prepare<[number], unknown>(sql)
    const rows = objectRows(sqlite.prepare<[number], unknown>(sql))
    expect(rows.all(1)).toEqual(plain.all(1))
    expect(rows.get(2)).toEqual(plain.get(2))
    expect([...rows.iterate(1)]).toEqual(plain.all(1))
    expect(Object.keys(rows.get(1) as object)).toEqual(['id', 'name', 'odd "name" }', 'blob'])
  })

  it('answers undefined and an empty list when nothing matches', () => {
    const rows = objectRows(sqlite.prepare<[number], unknown>(sql))
    expect(rows.get(3)).toBeUndefined()
    expect(rows.all(3)).toEqual([])
  })

  it('keeps the last of two columns with one name, as better-sqlite3 does', () => {
    const twice = 'select id as x, name as x from t where id = ?'
    expect(objectRows(sqlite.prepare<[number], unknown>(twice)).get(1)).toEqual(
      sqlite.prepare<[number], unknown>(twice).get(1),
    )
  })

  it('takes named parameters', () => {
    const rows = objectRows(sqlite.prepare<[{ id: number }], unknown>('select name from t where id = @id'))
    expect(rows.get({ id: 1 })).toEqual({ name: 'a' })
  })
})

describe('jsonRows', () => {
  const sqlite = new BetterSqlite3(':memory:')
  sqlite.exec(`create table v (id integer primary key, name text, "odd ""name"" }" real, n integer)`)
  const insert = sqlite.prepare('insert into v values (?, ?, ?, ?)')
  // Reals that print short and long, text that JSON must escape, nulls, and integers up to 2^53.
  const values: [number, string | null, number | null, number | null][] = [
    [3, 'tab\there "quoted" \\ \u00e9 \u{1f3e0}', 0.1 + 0.2, 2 ** 53],
    [1, null, 1 / 3, -1],
    [2, '', -1.5e-300, null],
    [4, 'Zoë', 123456789 + 1 / 7, 0],
  ]
  for (const row of values) insert.run(...row)

  it('returns the rows better-sqlite3 returns, reals bit for bit, in the order asked for', () => {
    const sql = 'select * from v where id >= ?'
    const rows = jsonRows(sqlite, sqlite.prepare<[number], unknown>(sql), 'id').all(1)
    expect(rows).toEqual(sqlite.prepare<[number], unknown>(`${sql} order by id`).all(1))
    expect(Object.keys(rows[0] as object)).toEqual(['id', 'name', 'odd "name" }', 'n'])
    const descending = jsonRows(sqlite, sqlite.prepare<[], { id: number }>('select id from v'), 'id desc')
    expect(descending.all().map((r) => r.id)).toEqual([4, 3, 2, 1])
  })

  it('answers an empty list when nothing matches, and takes named parameters', () => {
    const rows = jsonRows(
      sqlite,
      sqlite.prepare<[{ id: number }], unknown>('select name from v where id = @id'),
      'name',
    )
    expect(rows.all({ id: 9 })).toEqual([])
    expect(rows.all({ id: 4 })).toEqual([{ name: 'Zoë' }])
  })

  it('refuses a statement with two columns of one name', () => {
    expect(() => jsonRows(sqlite, sqlite.prepare('select id as x, name as x from v'), 'x')).toThrow(
      /duplicate/,
    )
  })
})

describe('prepareByPosition', () => {
  it('binds the named values of the object it is given, a name used twice included', async () => {
    const { Kysely, SqliteDialect } = await import('kysely')
    const sqlite = new BetterSqlite3(':memory:')
    sqlite.exec(
      "create table t (id integer primary key, a text, b real, c text); insert into t values (1, 'x', 1, 'old')",
    )
    const db = new Kysely<{ t: { id: number; a: string; b: number; c: string } }>({
      dialect: new SqliteDialect({ database: sqlite }),
    })
    const update = prepareByPosition<{ id: number; a: string; b: number; c: string }>(
      sqlite,
      db
        .updateTable('t')
        .set({ c: param('c'), a: param('a'), b: param('b') })
        .where('id', '=', param('id'))
        .where('c', '<>', param('c')),
    )
    expect(update.run({ b: 2.5, a: 'y', c: 'new', id: 1 }).changes).toBe(1)
    expect(sqlite.prepare('select * from t').all()).toEqual([{ id: 1, a: 'y', b: 2.5, c: 'new' }])
    expect(update.run({ b: 3, a: 'z', c: 'new', id: 1 }).changes).toBe(0)
    await db.destroy()
  })
})
