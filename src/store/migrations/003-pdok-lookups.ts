import { type Kysely, sql } from 'kysely'

/** Addresses PDOK's Locatieserver resolved for homes missing from the local BAG, cached between runs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pdok_lookups')
    .addColumn('address_key', 'text', (c) => c.primaryKey())
    .addColumn('object_id', 'text')
    .addColumn('num_id', 'text')
    .addColumn('street', 'text')
    .addColumn('huisnummer', 'integer')
    .addColumn('huisletter', 'text')
    .addColumn('toevoeging', 'text')
    .addColumn('postcode', 'text')
    .addColumn('city', 'text')
    .addColumn('looked_up_at', 'text', (c) => c.notNull())
    .modifyEnd(sql`without rowid`)
    .execute()
  await db.schema.createIndex('pdok_lookups_by_object').on('pdok_lookups').column('object_id').execute()
}
