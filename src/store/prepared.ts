import type BetterSqlite3 from 'better-sqlite3'
import { type Compilable, type RawBuilder, sql } from 'kysely'

/**
 * A named parameter (`@name`) inside a kysely query. Queries are built once with kysely and prepared once with
 * better-sqlite3; kysely's own execute path re-prepares on every call, which hot lookups cannot afford.
 */
export const param = <T = never>(name: string): RawBuilder<T> => sql<T>`${sql.raw(`@${name}`)}`

/**
 * A JSON array given as the named parameter `name`, as a table of its elements (column `value`) under `alias`: how
 * one statement reads a whole batch of keys.
 */
export const jsonEachParam = <Alias extends string>(name: string, alias: Alias) =>
  sql<{ value: string }>`json_each(${param(name)})`.as(alias)

/** Compiles a kysely query (whose values are {@link param}s) into a reusable better-sqlite3 statement. */
export function prepareQuery<Params extends object, Row = unknown>(
  sqlite: BetterSqlite3.Database,
  query: Compilable,
): BetterSqlite3.Statement<[Params], Row> {
  return sqlite.prepare<[Params], Row>(compileNamed(query))
}

function compileNamed(query: Compilable): string {
  const compiled = query.compile()
  if (compiled.parameters.length > 0) {
    throw new Error(
      `Prepared queries take named params only; got ${compiled.parameters.length} inline values: ${compiled.sql}`,
    )
  }
  return compiled.sql
}

/** A write prepared with {@link prepareByPosition}. */
export interface PositionalWrite<Params> {
  run(params: Params): BetterSqlite3.RunResult
}

/**
 * Like {@link prepareQuery}, for hot writes: takes the same object, but binds its values by position. better-sqlite3
 * looks a named parameter up on the object through V8's API; a compiled function that lists the values costs next
 * to nothing. Each `@name` becomes a `?` (better-sqlite3 takes
 * numbered ones as named) that is given the value again where the name repeats. The query must not hold `@`
 * otherwise: its values are all parameters (see above).
 */
export function prepareByPosition<Params extends object>(
  sqlite: BetterSqlite3.Database,
  query: Compilable,
): PositionalWrite<Params> {
  const names: string[] = []
  const text = compileNamed(query).replace(/@(\w+)/g, (_, name: string) => {
    names.push(name)
    return '?'
  })
  const statement = sqlite.prepare<unknown[]>(text)
  // The names are quoted by JSON.stringify, so no name can break out of the literal.
  const values = new Function('p', `return [${names.map((n) => `p[${JSON.stringify(n)}]`).join(', ')}]`) as (
    params: Params,
  ) => unknown[]
  return { run: (params) => statement.run(...values(params)) }
}

/** The reading half of a statement, with rows as plain objects: what {@link objectRows} returns. */
export interface RowReader<Params extends unknown[], Row> {
  get(...params: Params): Row | undefined
  all(...params: Params): Row[]
  iterate(...params: Params): IterableIterator<Row>
}

/**
 * Reads a statement's rows as arrays and builds each object in JavaScript, with one literal compiled per statement.
 * better-sqlite3 builds a row object through V8's API one property at a time, which is slow, and a row of more than
 * about a dozen columns ends up a dictionary, slow to read too. Hot reads (resolving, merging, fitting) use this.
 * Rows are the same, duplicate column names included (the last one wins, as in better-sqlite3).
 */
export function objectRows<Params extends unknown[], Row>(
  statement: BetterSqlite3.Statement<Params, Row>,
): RowReader<Params, Row> {
  const raw = statement.raw(true) as unknown as BetterSqlite3.Statement<Params, unknown[]>
  const toObject = rowBuilder<Row>(raw.columns().map((column) => column.name))
  return {
    get(...params) {
      const values = raw.get(...params)
      return values === undefined ? undefined : toObject(values)
    },
    all: (...params) => raw.all(...params).map(toObject),
    *iterate(...params) {
      for (const values of raw.iterate(...params)) yield toObject(values)
    },
  }
}

/** A function that makes a row object of these columns from its values in order, one literal compiled per call. */
function rowBuilder<Row>(names: readonly string[]): (values: unknown[]) => Row {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: r[${i}]`)
  // The column names are quoted by JSON.stringify, so no name can break out of the literal.
  return new Function('r', `return { ${fields.join(', ')} }`) as (values: unknown[]) => Row
}

/** What {@link jsonRows} returns: a statement's rows, all at once. */
export interface JsonRowReader<Params extends unknown[], Row> {
  all(...params: Params): Row[]
}

/**
 * Reads all of a statement's rows as one JSON text that SQLite builds (`json_group_array`) and V8 parses, ordered by
 * `orderBy` (an expression over the statement's columns; an aggregate's input has no order otherwise), or in no
 * promised order without it, as sorting a large read costs a good part of it. For bulk reads, where creating the
 * values one by one through better-sqlite3 is most of the cost and parsing is quicker (the valuation's comparables are
 * read the same way: `loadComparables`). Where the cost is the lookups themselves it gains nothing (the merge's
 * listing facts, an index probe a home). Rows are the same as better-sqlite3's, reals bit for bit (SQLite writes 17
 * digits); a BLOB column makes the read throw, and the statement's column names must differ.
 */
export function jsonRows<Params extends unknown[], Row>(
  sqlite: BetterSqlite3.Database,
  statement: BetterSqlite3.Statement<Params, Row>,
  orderBy?: string,
): JsonRowReader<Params, Row> {
  const names = statement.columns().map((column) => column.name)
  if (new Set(names).size !== names.length)
    throw new Error(`jsonRows: duplicate column names in ${statement.source}`)
  const columns = names.map((name) => `"${name.replaceAll('"', '""')}"`).join(', ')
  const all = sqlite
    .prepare<Params, string>(
      `select json_group_array(json_array(${columns})${orderBy ? ` order by ${orderBy}` : ''}) from (${statement.source})`,
    )
    .pluck()
  const toObject = rowBuilder<Row>(names)
  return { all: (...params) => (JSON.parse(all.get(...params) as string) as unknown[][]).map(toObject) }
}
