import { type Kysely, sql } from 'kysely'
import { priceHistoryJson } from '../../dedupe/price-history.js'

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
