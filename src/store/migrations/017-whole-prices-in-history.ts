import { type Kysely, sql } from 'kysely'

/**
 * SQL for a REAL value as JSON written by JavaScript: a whole value made an integer first, so SQLite's JSON writes
 * `1390`, not `1390.0`. A copy of the pipeline's rule as it was when this shipped, not an import: a migration must
 * not change when the pipeline's code does.
 */
const jsonNumber = (value: string) =>
  `iif(${value} = cast(${value} as integer), cast(${value} as integer), ${value})`

/**
 * Price histories were JSON that SQLite wrote from REAL prices, so a whole price read `1390.0` there while the
 * listing's own price read `1390`. The histories are now written with whole prices as integers; the ones stored
 * before are rewritten the same way (only those holding such a price).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['observations', 'listings']) {
    await sql
      .raw(
        `update ${table} set price_history_json = (
           select json_group_array(json_object('observed_at', p.value ->> 'observed_at',
                                               'price', ${jsonNumber("p.value ->> 'price'")}) order by p.key)
             from json_each(${table}.price_history_json) p)
         where price_history_json like '%.0}%'`,
      )
      .execute(db)
  }
}
