import type { Kysely } from 'kysely'

/**
 * A publish looks only at the homes that changed since the last one. Golden records gain an index on
 * `updated_generation`, so the records written since a generation are found without reading the table, and
 * `valuations` gains `regulation_generation`, the generation that last wrote the row's rent regulation (null until
 * it is computed again), so the rentals whose home's regulation moved are found the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('golden_records_by_generation')
    .on('golden_records')
    .column('updated_generation')
    .execute()
  await db.schema.alterTable('valuations').addColumn('regulation_generation', 'integer').execute()
}
