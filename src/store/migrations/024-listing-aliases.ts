import { type Kysely, sql } from 'kysely'

/**
 * Listings merged into another because two sites showed the same home without its number: each merged-away id
 * with the listing it became, so that the old id keeps answering. And an index of the active observations by the
 * facts that find such a pair (place, offer type, price, area).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('listing_aliases')
    .addColumn('listing_id', 'integer', (c) => c.primaryKey())
    .addColumn('survivor_id', 'integer', (c) => c.notNull())
    .addColumn('merged_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('listing_aliases_by_survivor')
    .on('listing_aliases')
    .column('survivor_id')
    .execute()
  await db.schema
    .createIndex('observations_by_offer_facts')
    .on('observations')
    .columns(['city_key', 'type', 'price', 'surface_area'])
    .where(sql.ref('status'), '=', 'active')
    .execute()
}
