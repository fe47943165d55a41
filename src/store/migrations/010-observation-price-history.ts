import { type Kysely, sql } from 'kysely'

/** Price points kept on an observation's history when this shipped; older ones stay in `price_history`. */
const PRICE_HISTORY_KEPT = 50

/**
 * SQL for the JSON price history of the observation whose id is `id`: its latest points, oldest first, as the
 * pipeline wrote it when this migration shipped (prices as SQLite's JSON writes them; 017 makes whole ones integers).
 * A copy, not an import: a migration must not change when the pipeline's code does.
 */
const priceHistoryJson = (id: string) =>
  `(select json_group_array(json_object('observed_at', observed_at, 'price', price))
      from (select observed_at, price from (select observed_at, price from price_history
             where observation_id = ${id} order by observed_at desc limit ${PRICE_HISTORY_KEPT}) order by observed_at))`

/**
 * Each observation keeps its price history as the JSON its listing serves, updated when a price point is added, so
 * that rebuilding a listing copies it instead of querying `price_history` (a fifth of a national first run's
 * rebuild).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table observations add column price_history_json text not null default '[]'`.execute(db)
  await sql
    .raw(`update observations set price_history_json = ${priceHistoryJson('observations.id')}`)
    .execute(db)
}
