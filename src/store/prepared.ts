import type BetterSqlite3 from 'better-sqlite3'
import { type Compilable, type RawBuilder, sql } from 'kysely'

/**
 * A named parameter (`@name`) inside a kysely query. Queries are built once with kysely and prepared once with
 * better-sqlite3; kysely's own execute path re-prepares on every call, which costs 2–3× on hot lookups.
 */
export const param = <T = never>(name: string): RawBuilder<T> => sql<T>`${sql.raw(`@${name}`)}`

/** Compiles a kysely query (whose values are {@link param}s) into a reusable better-sqlite3 statement. */
export function prepareQuery<Params extends object, Row = unknown>(
  sqlite: BetterSqlite3.Database,
  query: Compilable,
): BetterSqlite3.Statement<[Params], Row> {
  const compiled = query.compile()
  if (compiled.parameters.length > 0) {
    throw new Error(
      `Prepared queries take named params only; got ${compiled.parameters.length} inline values: ${compiled.sql}`,
    )
  }
  return sqlite.prepare<[Params], Row>(compiled.sql)
}
