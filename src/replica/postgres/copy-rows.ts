import type BetterSqlite3 from 'better-sqlite3'
import type pg from 'pg'
import type { ReplicatedTable } from './replicated-tables.js'

/** Rows sent to PostgreSQL in one statement: one array parameter per column, whatever the batch's size. */
export const BATCH_ROWS = 5_000

/** Called after each batch written, with the table and the rows so far: progress, and a place tests interrupt. */
export type OnBatch = (table: string, rows: number) => void | Promise<void>

const quoted = (name: string) => `"${name}"`
const keyOf = (table: ReplicatedTable) => table.columns[0]!

/**
 * Reads `table`'s rows from SQLite in key order, a batch at a time (keyset pages: each batch an index range), as
 * arrays of values in column order; `where` narrows them (bound as `@since`).
 */
export function* sqliteBatches(
  sqlite: BetterSqlite3.Database,
  table: ReplicatedTable,
  columns: readonly string[],
  where: { sql: string; since: number } | null = null,
): Generator<unknown[][]> {
  const key = keyOf(table)
  const select = table.columns
    .filter((c) => columns.includes(c.name))
    .map((c) => (c.from ? `${c.from} as ${c.name}` : quoted(c.name)))
  const statement = sqlite
    .prepare<Record<string, unknown>>(
      `select ${select.join(', ')} from ${table.name} where ${quoted(key.name)} > @after${where ? ` and ${where.sql}` : ''}
        order by ${quoted(key.name)} limit ${BATCH_ROWS}`,
    )
    .raw(true)
  let after: unknown = key.type === 'text' ? '' : Number.MIN_SAFE_INTEGER
  for (;;) {
    const rows = statement.all({ after, ...(where && { since: where.since }) }) as unknown[][]
    if (rows.length === 0) return
    yield rows
    after = rows.at(-1)![0]
    if (rows.length < BATCH_ROWS) return
  }
}

/** The rows' values column by column: what `unnest` takes, one array per column. */
function byColumn(rows: readonly unknown[][], width: number): unknown[][] {
  const columns: unknown[][] = Array.from({ length: width }, () => new Array(rows.length))
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!
    for (let c = 0; c < width; c++) columns[c]![r] = row[c]
  }
  return columns
}

/** `select * from unnest($1::type[], …)`: a batch of rows given as one array per column. */
const unnestOf = (columns: readonly { type: string }[]) =>
  `select * from unnest(${columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')})`

/** Inserts a batch of `table`'s rows, replacing those with the same key. */
export async function upsertRows(client: pg.ClientBase, table: ReplicatedTable, rows: readonly unknown[][]) {
  const names = table.columns.map((c) => quoted(c.name))
  const updates = names.slice(1).map((n) => `${n} = excluded.${n}`)
  await client.query(
    `insert into ${table.name} (${names.join(', ')}) ${unnestOf(table.columns)}
       on conflict (${names[0]}) do update set ${updates.join(', ')}`,
    byColumn(rows, table.columns.length),
  )
}

/** Inserts a batch of rows into a table just emptied. */
export async function insertRows(client: pg.ClientBase, table: ReplicatedTable, rows: readonly unknown[][]) {
  const names = table.columns.map((c) => quoted(c.name))
  await client.query(
    `insert into ${table.name} (${names.join(', ')}) ${unnestOf(table.columns)}`,
    byColumn(rows, table.columns.length),
  )
}

/**
 * Deletes the rows of `table` that SQLite no longer has, and brings its volatile columns into step: every key (and
 * volatile value) goes into a temporary table, then one delete and one update compare the two.
 */
export async function reconcileKeys(
  client: pg.ClientBase,
  sqlite: BetterSqlite3.Database,
  table: ReplicatedTable,
  onBatch: OnBatch,
): Promise<{ deleted: number; updated: number }> {
  const key = keyOf(table)
  const volatile = table.columns.filter((c) => table.volatile?.includes(c.name))
  const kept = [key, ...volatile]
  const temp = `present_${table.name}`
  await client.query(
    `create temporary table ${temp} (${kept.map((c) => `${quoted(c.name)} ${c.type}`).join(', ')}, primary key (${quoted(key.name)})) on commit drop`,
  )
  let rows = 0
  for (const batch of sqliteBatches(
    sqlite,
    table,
    kept.map((c) => c.name),
  )) {
    await client.query(`insert into ${temp} ${unnestOf(kept)}`, byColumn(batch, kept.length))
    rows += batch.length
    await onBatch(`${table.name} keys`, rows)
  }
  const k = quoted(key.name)
  const deleted = await client.query(
    `delete from ${table.name} t where not exists (select from ${temp} p where p.${k} = t.${k})`,
  )
  let updated = 0
  if (volatile.length > 0) {
    const set = volatile.map((c) => `${quoted(c.name)} = p.${quoted(c.name)}`).join(', ')
    const differs = volatile
      .map((c) => `t.${quoted(c.name)} is distinct from p.${quoted(c.name)}`)
      .join(' or ')
    updated =
      (
        await client.query(
          `update ${table.name} t set ${set} from ${temp} p where p.${k} = t.${k} and (${differs})`,
        )
      ).rowCount ?? 0
  }
  return { deleted: deleted.rowCount ?? 0, updated }
}
