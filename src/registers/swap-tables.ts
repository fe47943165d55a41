import type BetterSqlite3 from 'better-sqlite3'

/** The suffix of a table being filled while the live one keeps serving. */
export const NEXT = '__next'

interface SchemaRow {
  type: string
  name: string
  sql: string | null
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Creates an empty `<table>__next` for each table with the live table's own definition (read from sqlite_master,
 * so migrations stay the one place a schema is written), without secondary indexes: loading first and building
 * the indexes afterwards is faster than loading into indexed tables.
 */
export function createNextTables(sqlite: BetterSqlite3.Database, tables: readonly string[]): void {
  for (const table of tables) {
    const row = sqlite
      .prepare<[string], SchemaRow>(
        "select type, name, sql from sqlite_master where type = 'table' and name = ?",
      )
      .get(table)
    if (!row?.sql) throw new Error(`No table ${table} to copy`)
    sqlite.exec(`drop table if exists ${quote(table + NEXT)}`)
    sqlite.exec(row.sql.replace(/^create table\s+("[^"]+"|\S+)/i, `create table ${quote(table + NEXT)}`))
  }
}

/**
 * Replaces each live table by its `__next` twin and rebuilds the live table's indexes on it. Call inside a
 * transaction: readers keep the old tables until it commits.
 */
export function swapInNextTables(sqlite: BetterSqlite3.Database, tables: readonly string[]): void {
  for (const table of tables) {
    const indexes = sqlite
      .prepare<[string], SchemaRow>(
        "select type, name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null",
      )
      .all(table)
    sqlite.exec(`drop table ${quote(table)}`)
    sqlite.exec(`alter table ${quote(table + NEXT)} rename to ${quote(table)}`)
    for (const index of indexes) sqlite.exec(index.sql!)
  }
}

/** Drops leftover `__next` tables of an import that did not finish. */
export function dropNextTables(sqlite: BetterSqlite3.Database, tables: readonly string[]): void {
  for (const table of tables) sqlite.exec(`drop table if exists ${quote(table + NEXT)}`)
}
