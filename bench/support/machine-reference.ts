import BetterSqlite3 from 'better-sqlite3'
import { seededRandom } from '../../src/seeded-random.js'

/** Rows of the reference workload: large enough to leave the CPU caches, small enough to take a second or two. */
const ROWS = 100_000

/**
 * Times a fixed workload that uses none of this project's code but does what its CPU stages do: SQLite B-tree
 * inserts in random key order, an index build, point look-ups and a sorted scan, then JSON round trips and a sort
 * of the rows in JavaScript. Deterministic (seeded), in memory. On the (virtual) bench machine the same code ran
 * twice as slow on some days as on others, so a stage time alone says little from one day to the next; the ratio of
 * the stages to this reference, measured in the same bench, does.
 */
export function machineReferenceMs(): number {
  const started = performance.now()
  const random = seededRandom(20_261_123)
  const sqlite = new BetterSqlite3(':memory:')
  try {
    sqlite.exec(
      'create table t (k text primary key, a integer not null, b real not null, c text not null) without rowid',
    )
    const insert = sqlite.prepare('insert or ignore into t values (?, ?, ?, ?)')
    const keys = Array.from({ length: ROWS }, () => random().toString(36).slice(2, 12))
    sqlite.transaction(() => {
      for (const [i, key] of keys.entries()) insert.run(key, i % 997, random(), `value ${i}`)
    })()
    sqlite.exec('create index t_ab on t (a, b)')
    const get = sqlite.prepare<[string], { a: number }>('select a, b, c from t where k = ?')
    let sum = 0
    for (const key of keys) sum += get.get(key)?.a ?? 0
    const rows = sqlite
      .prepare<[], { k: string; a: number; b: number; c: string }>('select * from t order by a, b')
      .all()
    const copy = JSON.parse(JSON.stringify(rows)) as typeof rows
    copy.sort((x, y) => (x.k < y.k ? -1 : x.k > y.k ? 1 : 0))
    if (copy.length === 0 || sum <= 0) throw new Error('machine reference: the workload went wrong')
  } finally {
    sqlite.close()
  }
  return performance.now() - started
}
