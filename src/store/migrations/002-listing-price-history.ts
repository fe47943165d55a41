import type { Kysely } from 'kysely'

/** Listings carry the price history of their primary source, written at publish so the API never joins for it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('listings')
    .addColumn('price_history_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
}
